import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from '../organizations/organization.entity';

@Entity({ name: 'datasources' })
export class Datasource {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  name: string;

  @Column('text', { nullable: true })
  hostname: string | null;

  @Column('uuid', { name: 'organization_id' })
  organizationId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization: Organization;

  @Column('text', { name: 'secret_encrypted', select: false })
  secretEncrypted: string;

  @Column('timestamptz', { name: 'contacted_at', nullable: true })
  contactedAt: Date | null;

  @Column('boolean', { nullable: true })
  reachable: boolean | null;

  @Column('timestamptz', { name: 'reachable_changed_at', nullable: true })
  reachableChangedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
