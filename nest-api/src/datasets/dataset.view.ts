import { ApiProperty } from '@nestjs/swagger';
import type { Dataset } from './dataset.entity';

export class DatasetView {
  @ApiProperty({ format: 'uuid' })
  dataset_id: string;

  @ApiProperty()
  slug: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ example: 'online' })
  status: string;

  @ApiProperty()
  about: string;

  @ApiProperty()
  contact: string;

  @ApiProperty()
  additional_info: string;

  @ApiProperty({ nullable: true, type: Number, description: "Size in triples, from the data source's metadata; null when it gives none." })
  triples: number | null;

  @ApiProperty({
    nullable: true,
    type: [String],
    description: "The categories present in it (cgo:hasCategory literals such as 'Water', in the fixed order of the dataset scopes), from the data source's metadata; null when it gives none.",
  })
  categories: string[] | null;

  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When the hub last saw its description or size change; null before it was first online' })
  updated_at: string | null;

  @ApiProperty({ example: '.ttl' })
  file_format: string;

  @ApiProperty()
  owner_organization_slug: string;

  @ApiProperty()
  owner_organization_name: string;

  @ApiProperty({ nullable: true, type: String })
  owner_organization_logo_url: string | null;
}

/** Needs datasource.organization loaded. */
export function toDatasetView(dataset: Dataset): DatasetView {
  const organization = dataset.datasource.organization;
  return {
    dataset_id: dataset.id,
    slug: dataset.slug,
    name: dataset.name,
    status: dataset.status,
    about: dataset.about,
    contact: dataset.contact,
    additional_info: dataset.additionalInfo,
    triples: dataset.triples ?? null,
    categories: dataset.categories ?? null,
    updated_at: dataset.updatedAt?.toISOString() ?? null,
    file_format: dataset.fileFormat,
    owner_organization_slug: organization.slug,
    owner_organization_name: organization.name,
    owner_organization_logo_url: organization.logoUrl,
  };
}
