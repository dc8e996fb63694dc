import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { AUTHORISATION_FIELD_ERRORS, DATASET_SCOPES, FIELD_ERRORS } from '@datahub/domain';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const SCOPE_NAMES = DATASET_SCOPES.map((entry) => entry.scope);

export class CreateAuthorisationDto {
  @ApiProperty({ format: 'uuid', description: 'The dataset (the same as in the path)' })
  @Transform(trim)
  @IsString({ message: AUTHORISATION_FIELD_ERRORS.datasetMissing })
  @IsNotEmpty({ message: AUTHORISATION_FIELD_ERRORS.datasetMissing })
  @MaxLength(100, { message: FIELD_ERRORS.maxLength(100) })
  dataset: string;

  @ApiProperty({ enum: SCOPE_NAMES, isArray: true, description: 'Dataset.ReadAll, or one scope per category' })
  @IsArray({ message: AUTHORISATION_FIELD_ERRORS.scopesMissing })
  @ArrayNotEmpty({ message: AUTHORISATION_FIELD_ERRORS.scopesMissing })
  @ArrayMaxSize(SCOPE_NAMES.length, { message: AUTHORISATION_FIELD_ERRORS.scopeUnknown })
  @IsString({ each: true, message: AUTHORISATION_FIELD_ERRORS.scopeUnknown })
  authorisations: string[];

  @ApiProperty({ description: 'The organisation that receives the authorisation: its id or slug' })
  @Transform(trim)
  @IsString({ message: AUTHORISATION_FIELD_ERRORS.assigneeMissing })
  @IsNotEmpty({ message: AUTHORISATION_FIELD_ERRORS.assigneeMissing })
  @MaxLength(200, { message: FIELD_ERRORS.maxLength(200) })
  assignee_organization: string;

  @ApiPropertyOptional({ example: '2027-12-31', description: 'YYYY-MM-DD; valid through this date (Europe/Amsterdam). Absent: indefinitely' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: AUTHORISATION_FIELD_ERRORS.expirationInvalid })
  @MaxLength(10, { message: AUTHORISATION_FIELD_ERRORS.expirationInvalid })
  expiration_date?: string;
}

export class AuthorisationView {
  @ApiProperty({ format: 'uuid' })
  authorisation_assignment_id: string;

  @ApiProperty({ enum: SCOPE_NAMES })
  authorisation: string;

  @ApiProperty({ example: 'Water', description: 'Dutch label of the scope' })
  authorisation_label: string;

  @ApiProperty({ format: 'uuid' })
  dataset_id: string;

  @ApiProperty()
  dataset_name: string;

  @ApiProperty()
  dataset_slug: string;

  @ApiProperty({ format: 'uuid' })
  assignee_organization: string;

  @ApiProperty()
  assignee_organization_name: string;

  @ApiProperty()
  assignee_organization_slug: string;

  @ApiProperty({ nullable: true, type: String })
  assignee_organization_logo_url: string | null;

  @ApiProperty({ format: 'uuid', description: "The granting organisation: the dataset's owner" })
  owner_organization: string;

  @ApiProperty()
  owner_organization_name: string;

  @ApiProperty()
  owner_organization_slug: string;

  @ApiProperty({ nullable: true, type: String })
  owner_organization_logo_url: string | null;

  @ApiProperty({ nullable: true, type: String, example: '2027-12-31', description: 'YYYY-MM-DD, or null: indefinitely' })
  expiration_date: string | null;

  @ApiProperty({ description: 'True after the expiration date (Europe/Amsterdam): it grants nothing any more' })
  expired: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class RevokedAuthorisationView {
  @ApiProperty({ format: 'uuid' })
  authorisation_assignment_id: string;
}

export class AssigneeOrganizationView {
  @ApiProperty({ format: 'uuid' })
  organization_id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  slug: string;

  @ApiProperty({ nullable: true, type: String })
  logo_url: string | null;
}

export class AuthorisationHistoryView {
  @ApiProperty({ description: 'The organisation ever granted on its datasets (revoked and expired grants included)' })
  ever_given: boolean;

  @ApiProperty({ description: 'The organisation ever received a grant' })
  ever_received: boolean;
}
