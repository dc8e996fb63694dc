import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'usage_events' })
export class UsageEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column('text')
  kind!: string;

  @Column('text', { nullable: true })
  route!: string | null;

  @Column('uuid', { name: 'subject_id', nullable: true })
  subjectId!: string | null;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('uuid', { name: 'organization_id' })
  organizationId!: string;

  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt!: Date;
}
