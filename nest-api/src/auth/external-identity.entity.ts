import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'external_identities' })
export class ExternalIdentity {
  @PrimaryColumn('text')
  provider: string;

  @PrimaryColumn('text')
  subject: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
