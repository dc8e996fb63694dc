import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Datasource } from '../datasources/datasource.entity';
import { Organization } from '../organizations/organization.entity';

@Entity({ name: 'applications' })
export class Application {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  slug: string;

  @Column('text')
  name: string;

  @Column('text')
  about: string;

  @Column('text')
  usage: string;

  @Column('uuid', { name: 'owner_organization_id' })
  ownerOrganizationId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_organization_id' })
  ownerOrganization: Organization;

  @Column('text', { nullable: true })
  category: string | null;

  @Column('text')
  url: string;

  @Column('text', { name: 'url_licence_server', nullable: true })
  urlLicenceServer: string | null;

  @Column('text', { name: 'url_privacy_statement', nullable: true })
  urlPrivacyStatement: string | null;

  @Column('text', { name: 'url_terms_of_delivery', nullable: true })
  urlTermsOfDelivery: string | null;

  @Column('numeric', { name: 'price_per_year', nullable: true, precision: 12, scale: 2 })
  pricePerYear: string | null;

  @Column('text', { name: 'logo_url', nullable: true })
  logoUrl: string | null;

  @Column('uuid', { name: 'datasource_id', nullable: true })
  datasourceId: string | null;

  @ManyToOne(() => Datasource, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'datasource_id' })
  datasource: Datasource | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
