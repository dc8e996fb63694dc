import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ACCESS_REQUEST_FIELD_ERRORS, ACCESS_REQUEST_REASON_MAX, ACCESS_REQUEST_STATUSES, AUTHORISATION_FIELD_ERRORS, DATASET_SCOPES } from '@datahub/domain';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const SCOPE_NAMES = DATASET_SCOPES.map((entry) => entry.scope);

class ScopesAndExpiry {
  @ApiProperty({ enum: SCOPE_NAMES, isArray: true, description: "Dataset.ReadAll, or one scope per category (not both)" })
  @IsArray({ message: AUTHORISATION_FIELD_ERRORS.scopesMissing })
  @ArrayNotEmpty({ message: AUTHORISATION_FIELD_ERRORS.scopesMissing })
  @ArrayMaxSize(SCOPE_NAMES.length, { message: AUTHORISATION_FIELD_ERRORS.scopeUnknown })
  @IsString({ each: true, message: AUTHORISATION_FIELD_ERRORS.scopeUnknown })
  authorisations: string[];

  @ApiPropertyOptional({ example: '2027-12-31', description: 'YYYY-MM-DD (Europe/Amsterdam); absent or empty: indefinitely' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: AUTHORISATION_FIELD_ERRORS.expirationInvalid })
  @MaxLength(10, { message: AUTHORISATION_FIELD_ERRORS.expirationInvalid })
  expiration_date?: string;
}

export class CreateAccessRequestDto extends ScopesAndExpiry {
  @ApiProperty({ maxLength: ACCESS_REQUEST_REASON_MAX })
  @Transform(trim)
  @IsString({ message: ACCESS_REQUEST_FIELD_ERRORS.reasonMissing })
  @IsNotEmpty({ message: ACCESS_REQUEST_FIELD_ERRORS.reasonMissing })
  @MaxLength(ACCESS_REQUEST_REASON_MAX, { message: ACCESS_REQUEST_FIELD_ERRORS.reasonTooLong })
  reason: string;
}

export class ApproveAccessRequestDto extends ScopesAndExpiry {}

export class DeclineAccessRequestDto {
  @ApiProperty({ maxLength: ACCESS_REQUEST_REASON_MAX })
  @Transform(trim)
  @IsString({ message: ACCESS_REQUEST_FIELD_ERRORS.declineReasonMissing })
  @IsNotEmpty({ message: ACCESS_REQUEST_FIELD_ERRORS.declineReasonMissing })
  @MaxLength(ACCESS_REQUEST_REASON_MAX, { message: ACCESS_REQUEST_FIELD_ERRORS.reasonTooLong })
  reason: string;
}

export class AccessRequestView {
  @ApiProperty({ format: 'uuid' }) access_request_id: string;
  @ApiProperty({ format: 'uuid' }) dataset_id: string;
  @ApiProperty() dataset_name: string;
  @ApiProperty() dataset_slug: string;
  @ApiProperty({ format: 'uuid' }) requester_organization_id: string;
  @ApiProperty() requester_organization_name: string;
  @ApiProperty() owner_organization_name: string;
  @ApiProperty({ type: String, nullable: true }) requested_by_email: string | null;
  @ApiProperty({ enum: SCOPE_NAMES, isArray: true }) authorisations: string[];
  @ApiProperty() reason: string;
  @ApiProperty({ type: String, nullable: true, example: '2027-12-31' }) expiration_date: string | null;
  @ApiProperty({ enum: ACCESS_REQUEST_STATUSES }) status: string;
  @ApiProperty({ type: String, nullable: true }) decision_reason: string | null;
  @ApiProperty() created_at: string;
}

export class OpenAccessRequestCountView {
  @ApiProperty({ description: 'Open requests waiting for a decision' })
  open: number;
}
