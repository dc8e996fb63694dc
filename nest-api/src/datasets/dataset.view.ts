import { ApiProperty } from '@nestjs/swagger';
import { ONLINE, type DatasetStatus } from '@datahub/domain';
import type { CatalogueRow } from './datasets.repository';

/** Counts only; the findings are the owner's. */
export class DatasetQualityView {
  @ApiProperty({ description: 'The last check against the Common Greenhouse Ontology shapes found nothing' })
  conforms: boolean;

  @ApiProperty()
  violations: number;

  @ApiProperty()
  warnings: number;

  @ApiProperty({ format: 'date-time' })
  checked_at: string;
}

export class DatasetView {
  @ApiProperty({ format: 'uuid' })
  dataset_id: string;

  @ApiProperty()
  slug: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ example: ONLINE })
  status: DatasetStatus;

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

  @ApiProperty({ nullable: true, type: DatasetQualityView, description: "Its data source's last quality report; null before any" })
  quality: DatasetQualityView | null;
}

export function toDatasetView(row: CatalogueRow): DatasetView {
  return {
    dataset_id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    about: row.about,
    contact: row.contact,
    additional_info: row.additional_info,
    triples: row.triples ?? null,
    categories: row.categories ?? null,
    updated_at: row.updated_at?.toISOString() ?? null,
    file_format: row.file_format,
    owner_organization_slug: row.owner_slug,
    owner_organization_name: row.owner_name,
    owner_organization_logo_url: row.owner_logo_url,
    quality:
      row.quality_conforms === null || row.quality_conforms === undefined
        ? null
        : { conforms: row.quality_conforms, violations: row.quality_violations ?? 0, warnings: row.quality_warnings ?? 0, checked_at: row.quality_checked_at?.toISOString() ?? '' },
  };
}
