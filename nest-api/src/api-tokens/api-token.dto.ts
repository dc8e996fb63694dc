import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_LABELS, API_TOKEN_SCOPES, FIELD_ERRORS } from '@datahub/domain';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateApiTokenDto {
  @ApiProperty({ maxLength: 100, example: 'Dashboard kas 3' })
  @Transform(trim)
  @IsString({ message: API_TOKEN_LABELS.nameRequired })
  @IsNotEmpty({ message: API_TOKEN_LABELS.nameRequired })
  @MaxLength(100, { message: API_TOKEN_LABELS.nameTooLong })
  name: string;

  @ApiProperty({ enum: API_TOKEN_SCOPES, isArray: true })
  @IsArray({ message: API_TOKEN_LABELS.scopesRequired })
  @ArrayNotEmpty({ message: API_TOKEN_LABELS.scopesRequired })
  @ArrayMaxSize(API_TOKEN_SCOPES.length, { message: FIELD_ERRORS.invalid })
  @IsIn(API_TOKEN_SCOPES, { each: true, message: FIELD_ERRORS.invalid })
  scopes: string[];

  @ApiPropertyOptional({ enum: API_TOKEN_EXPIRY_DAYS, description: 'Valid for 30, 90 or 365 days; or give expires_on' })
  @IsOptional()
  @IsInt({ message: API_TOKEN_LABELS.expiryInvalid })
  @IsIn(API_TOKEN_EXPIRY_DAYS, { message: API_TOKEN_LABELS.expiryInvalid })
  expires_in_days?: number;

  @ApiPropertyOptional({ example: '2027-06-30', description: 'YYYY-MM-DD: valid through this day (Europe/Amsterdam), at most a year ahead' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: API_TOKEN_LABELS.expiryInvalid })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: API_TOKEN_LABELS.expiryInvalid })
  expires_on?: string;
}

export class ApiTokenView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['personal', 'organization'] })
  kind: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ enum: API_TOKEN_SCOPES, isArray: true })
  scopes: string[];

  @ApiProperty({ description: 'Name of who made it (kept when they leave)' })
  created_by: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  expires_at: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  last_used_at: string | null;

  @ApiProperty({ nullable: true, type: String, description: 'Client address of the last use' })
  last_used_address: string | null;
}

export class CreatedApiTokenView extends ApiTokenView {
  @ApiProperty({ example: 'dht_…', description: 'The secret: shown this once, only its hash is stored' })
  token: string;
}

export class MemberApiTokenView extends ApiTokenView {
  @ApiProperty({ format: 'uuid' })
  member_id: string;

  @ApiProperty()
  member_name: string;

  @ApiProperty()
  member_email: string;
}
