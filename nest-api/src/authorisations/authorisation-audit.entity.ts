import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Append-only record of a grant being created, extended or revoked, with who did it from where. */
@Entity({ name: 'authorisation_audit' })
export class AuthorisationAuditEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column('text')
  action!: 'create' | 'extend' | 'revoke';

  @Column('uuid', { name: 'authorisation_assignment_id' })
  authorisationAssignmentId!: string;

  @Column('uuid', { name: 'dataset_id' })
  datasetId!: string;

  @Column('text', { name: 'dataset_name' })
  datasetName!: string;

  @Column('uuid', { name: 'assignee_organization_id' })
  assigneeOrganizationId!: string;

  @Column('text', { name: 'assignee_organization_name' })
  assigneeOrganizationName!: string;

  @Column('text')
  authorisation!: string;

  @Column('date', { name: 'expiration_date', nullable: true })
  expirationDate!: string | null;

  @Column('uuid', { name: 'actor_user_id', nullable: true })
  actorUserId!: string | null;

  @Column('text', { name: 'actor_email' })
  actorEmail!: string;

  @Column('uuid', { name: 'actor_organization_id', nullable: true })
  actorOrganizationId!: string | null;

  @Column('text', { name: 'client_address', nullable: true })
  clientAddress!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
