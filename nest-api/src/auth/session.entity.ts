import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One sign-in. The access token's `jti` is the session id, so revoking the row revokes the token. */
@Entity({ name: 'sessions' })
export class Session {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
