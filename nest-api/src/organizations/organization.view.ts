import { ApiProperty } from '@nestjs/swagger';
import type { Organization } from './organization.entity';

export class OrganizationView {
  @ApiProperty({ format: 'uuid' })
  organization_id: string;

  @ApiProperty({ description: "A 'tmp_' prefix marks a personal organisation (shown with an empty name)" })
  name: string;

  @ApiProperty()
  slug: string;

  @ApiProperty({ nullable: true, type: Number })
  kvk_number: number | null;

  @ApiProperty({ nullable: true, type: String })
  domain: string | null;

  @ApiProperty({ nullable: true, type: String })
  logo_url: string | null;

  @ApiProperty()
  user_count: number;
}

export class LicenceView {
  @ApiProperty()
  application_name: string;

  @ApiProperty()
  application_slug: string;

  @ApiProperty({ nullable: true, type: String })
  application_logo_url: string | null;

  @ApiProperty({ example: '2027-01-01T00:00:00.000Z' })
  end_date: string;
}

export function toOrganizationView(organization: Organization, userCount: number): OrganizationView {
  return {
    organization_id: organization.id,
    name: organization.name,
    slug: organization.slug,
    kvk_number: organization.kvkNumber,
    domain: organization.domain,
    logo_url: organization.logoUrl,
    user_count: userCount,
  };
}
