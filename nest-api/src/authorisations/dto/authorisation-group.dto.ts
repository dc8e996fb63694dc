import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { AUTHORISATION_FIELD_ERRORS, DATASET_SCOPES } from '@datahub/domain';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const SCOPE_NAMES = DATASET_SCOPES.map((entry) => entry.scope);

export class ReplaceAuthorisationGroupDto {
  @ApiProperty({ enum: SCOPE_NAMES, isArray: true, example: ['Dataset.ReadWater', 'Dataset.ReadCrop'], description: "Dataset.ReadAll, or one scope per category: the group's new set (scopes left out are revoked)" })
  @IsArray({ message: AUTHORISATION_FIELD_ERRORS.scopesMissing })
  @ArrayNotEmpty({ message: AUTHORISATION_FIELD_ERRORS.scopesMissing })
  @ArrayMaxSize(SCOPE_NAMES.length, { message: AUTHORISATION_FIELD_ERRORS.scopeUnknown })
  @IsString({ each: true, message: AUTHORISATION_FIELD_ERRORS.scopeUnknown })
  authorisations: string[];

  @ApiPropertyOptional({ example: '2027-12-31', nullable: true, type: String, description: 'YYYY-MM-DD, set on every scope of the group; absent, empty or null: indefinitely' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: AUTHORISATION_FIELD_ERRORS.expirationInvalid })
  @MaxLength(10, { message: AUTHORISATION_FIELD_ERRORS.expirationInvalid })
  expiration_date?: string | null;
}

export class AuthorisationGroupChangeView {
  @ApiProperty({ format: 'uuid' })
  dataset_id: string;

  @ApiProperty({ format: 'uuid' })
  assignee_organization: string;

  @ApiProperty({ enum: SCOPE_NAMES, isArray: true })
  authorisations: string[];

  @ApiProperty({ nullable: true, type: String, example: '2027-12-31' })
  expiration_date: string | null;

  @ApiProperty({ description: 'False when the group already was like this: nothing was written' })
  changed: boolean;
}

export class RevokedAuthorisationGroupView {
  @ApiProperty({ format: 'uuid' })
  dataset_id: string;

  @ApiProperty({ format: 'uuid' })
  assignee_organization: string;

  @ApiProperty({ description: 'How many scopes were revoked' })
  revoked: number;
}
