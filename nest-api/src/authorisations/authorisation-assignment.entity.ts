import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'authorisation_assignments' })
export class AuthorisationAssignment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'dataset_id' })
  datasetId: string;

  @Column('uuid', { name: 'assignee_organization_id' })
  assigneeOrganizationId: string;

  @Column('text')
  authorisation: string;

  /** Valid through this date in Europe/Amsterdam; null: indefinitely. */
  @Column('date', { name: 'expiration_date', nullable: true })
  expirationDate: string | null;

  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy: string | null;

  /** ADR 0025; granting it again clears it. */
  @Column('timestamptz', { name: 'expiry_recorded_at', nullable: true })
  expiryRecordedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
