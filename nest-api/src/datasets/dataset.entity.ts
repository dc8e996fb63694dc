import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Datasource } from '../datasources/datasource.entity';

@Entity({ name: 'datasets' })
export class Dataset {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'datasource_id' })
  datasourceId: string;

  @ManyToOne(() => Datasource, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'datasource_id' })
  datasource: Datasource;

  @Column('text')
  slug: string;

  @Column('text')
  name: string;

  @Column('text')
  about: string;

  @Column('text')
  contact: string;

  @Column('text', { name: 'additional_info' })
  additionalInfo: string;

  @Column('text', { name: 'file_format' })
  fileFormat: string;

  @Column('text')
  status: string;

  /** Bigint, read back as a number; null when not given. */
  @Column('bigint', { nullable: true, transformer: { to: (value: number | null) => value, from: (value: string | null) => (value === null ? null : Number(value)) } })
  triples: number | null;

  /** DATASET_SCOPES order; null when not given. */
  @Column('text', { array: true, nullable: true })
  categories: string[] | null;

  @Column('timestamptz', { name: 'checked_at', nullable: true })
  checkedAt: Date | null;

  /** Description or size, first time online included. */
  @Column('timestamptz', { name: 'updated_at', nullable: true })
  updatedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
