import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ERROR_TEXTS, FIELD_ERRORS } from '@datahub/domain';

export const DATASOURCE_STATUSES = ['online', 'offline', 'pending'] as const;
export type DatasourceStatus = (typeof DATASOURCE_STATUSES)[number];

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateDatasourceDto {
  @ApiProperty({ example: 'Kasdata Delta', maxLength: 100 })
  @Transform(trim)
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: ERROR_TEXTS.datasourceCreate.nameMissing })
  @MaxLength(100, { message: FIELD_ERRORS.maxLength(100) })
  name: string;

  @ApiPropertyOptional({ example: 'data.kwekerij-delta.nl', description: 'FQDN or IP address, optional port; empty for the cloud variant' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: FIELD_ERRORS.invalid })
  @MaxLength(260, { message: FIELD_ERRORS.maxLength(260) })
  hostname?: string;
}

export class DatasourceView {
  @ApiProperty({ format: 'uuid' })
  datasource_id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ nullable: true, type: String })
  hostname: string | null;

  @ApiProperty({ nullable: true, type: String, description: "Where the hub calls the host (the host's dashboard); null without a hostname" })
  dashboard_url: string | null;

  @ApiProperty({ format: 'uuid' })
  owner_organization: string;

  @ApiProperty()
  owner_organization_name: string;

  @ApiProperty({ nullable: true, type: String })
  owner_organization_logo_url: string | null;

  @ApiProperty({
    enum: DATASOURCE_STATUSES,
    description: "'online': the latest check reached it (or it called the hub and was not checked since); 'offline': the latest check did not; 'pending': no contact yet",
  })
  status: DatasourceStatus;

  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'The latest contact in either direction; null before the first' })
  last_contact_at: string | null;

  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When it last went offline or came back; null before the first such change' })
  status_changed_at: string | null;

  @ApiProperty({ description: "Connected to the hub over its own connection now ('verbonden via de hub'): reached without a host" })
  connected_via_hub: boolean;
}

export class DatasourceDatasetView {
  @ApiProperty({ format: 'uuid' })
  dataset_id: string;

  @ApiProperty()
  slug: string;

  @ApiProperty({ description: "Empty until the hub has read the dataset's metadata" })
  name: string;

  @ApiProperty({ example: 'online' })
  status: string;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  checked_at: string | null;
}

export class DatasourceDetailView extends DatasourceView {
  @ApiProperty({ type: [DatasourceDatasetView], description: 'Its datasets, whatever their status, in name order' })
  datasets: DatasourceDatasetView[];

  @ApiProperty({ description: "On an own server: installs the reference data source (no secret; the steps stay on the page)" })
  install_command: string;

  @ApiProperty({ description: "On an own server: starts it next to the credentials file; its port is the registered host's port when that has one" })
  start_command: string;

  @ApiProperty({ description: 'Without a server: the data source as one file for Linux x64 (no Node.js needed)' })
  executable_url: string;

  @ApiProperty({ description: 'Without a server: starts that file next to the credentials file; it dials the hub (no open port) and prints a one-time link to its local page' })
  executable_start_command: string;
}

export class DatasourceCredentialsView {
  @ApiProperty({ format: 'uuid' })
  datasource_id: string;

  @ApiProperty({ description: 'Shown once; the hub keeps it encrypted' })
  secret: string;
}

export class CreatedDatasourceView extends DatasourceView {
  @ApiProperty({ type: DatasourceCredentialsView })
  credentials: DatasourceCredentialsView;

  @ApiProperty({ description: 'A #cloud-config document that turns a fresh Ubuntu VM into a running reference data source' })
  cloud_init_config: string;

  @ApiProperty({ description: "On an own server: installs the reference data source from this hub's package (npm, Node.js 20+)" })
  install_command: string;

  @ApiProperty({ description: "On an own server: starts it, next to the credentials file and a folder 'datasets' of .ttl files" })
  start_command: string;

  @ApiProperty({ description: 'Without a server: the data source as one file for Linux x64 (no Node.js needed)' })
  executable_url: string;

  @ApiProperty({ description: 'Without a server: starts that file next to the credentials file; it dials the hub (no open port) and prints a one-time link to its local page' })
  executable_start_command: string;

  @ApiProperty({
    description:
      'Shown once: the same start line carrying the key (DATAHUB_SLEUTEL in its environment); the data source writes the credentials file beside itself, so only the executable is downloaded',
  })
  executable_first_start_command: string;
}
