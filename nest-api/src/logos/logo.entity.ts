import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** PNG or JPEG, at most 512 KB: the table checks both. */
@Entity({ name: 'logos' })
export class Logo {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text', { name: 'content_type' })
  contentType!: 'image/png' | 'image/jpeg';

  @Column('bytea')
  data!: Buffer;

  @Column('text')
  sha256!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
