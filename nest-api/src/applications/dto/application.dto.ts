import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, IsUUID, Max, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { APPLICATION_CATEGORIES, APPLICATION_FIELD_ERRORS, APPLICATION_LIMITS, FIELD_ERRORS, LIMITS } from '@datahub/domain';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Optional fields: an empty string means 'none'. */
const emptyToNull = ({ value }: { value: unknown }) => {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  return trimmed === '' ? null : trimmed;
};
const present = (_: object, value: unknown) => value !== null && value !== undefined;
/** Not `IsNumber`'s `maxDecimalPlaces`, which throws (a 500) on `1e-7`. */
const WholeCents = (message: string) =>
  ValidateBy({ name: 'wholeCents', validator: { validate: (value: unknown) => typeof value === 'number' && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, defaultMessage: () => message } });

const RequiredText = (max: number) =>
  applyDecorators(
    Transform(trim),
    IsString({ message: FIELD_ERRORS.invalid }),
    IsNotEmpty({ message: FIELD_ERRORS.required }),
    MaxLength(max, { message: FIELD_ERRORS.maxLength(max) }),
  );

const OptionalLink = () =>
  applyDecorators(
    IsOptional(),
    Transform(emptyToNull),
    ValidateIf(present),
    IsString({ message: FIELD_ERRORS.invalid }),
    MaxLength(APPLICATION_LIMITS.urlMax, { message: FIELD_ERRORS.maxLength(APPLICATION_LIMITS.urlMax) }),
  );

export class ApplicationDto {
  @ApiProperty({ example: 'Kasklimaat Planner', maxLength: APPLICATION_LIMITS.nameMax })
  @RequiredText(APPLICATION_LIMITS.nameMax)
  name: string;

  @ApiProperty({ format: 'uuid', description: 'The owner organisation (no personal tmp_ organisations)' })
  @IsUUID('all', { message: APPLICATION_FIELD_ERRORS.ownerOrganization })
  @IsNotEmpty({ message: APPLICATION_FIELD_ERRORS.ownerOrganization })
  owner_organization: string;

  @ApiProperty({ maxLength: LIMITS.applicationAboutMax })
  @RequiredText(LIMITS.applicationAboutMax)
  about: string;

  @ApiProperty({ maxLength: LIMITS.applicationUsageMax })
  @RequiredText(LIMITS.applicationUsageMax)
  usage: string;

  @ApiPropertyOptional({ enum: APPLICATION_CATEGORIES, nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf(present)
  @IsIn(APPLICATION_CATEGORIES, { message: APPLICATION_FIELD_ERRORS.category })
  category?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, maximum: APPLICATION_LIMITS.priceMax, example: 1250, description: 'EUR per year; none means on request' })
  @IsOptional()
  @ValidateIf(present)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: APPLICATION_FIELD_ERRORS.price })
  @Max(APPLICATION_LIMITS.priceMax, { message: APPLICATION_FIELD_ERRORS.priceTooHigh })
  @WholeCents(APPLICATION_FIELD_ERRORS.price)
  price_per_year?: number | null;

  @ApiProperty({ example: 'https://kasklimaat.example.nl' })
  @RequiredText(APPLICATION_LIMITS.urlMax)
  url: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalLink()
  url_terms_of_delivery?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalLink()
  url_privacy_statement?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://licenties.example.nl', description: 'FQDN or IP address (with scheme, port and path if needed); the hub GETs {url_licence_server}/licences' })
  @OptionalLink()
  url_licence_server?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Only the current logo (unchanged) or null (remove it); upload a new one with PUT /api/applications/{id}/logo' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf(present)
  @IsString({ message: FIELD_ERRORS.invalid })
  logo_url?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'One data source of the owner organisation, or none' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf(present)
  @IsUUID('all', { message: APPLICATION_FIELD_ERRORS.datasource })
  datasource_id?: string | null;
}

export class ApplicationView {
  @ApiProperty({ format: 'uuid' })
  application_id: string;

  @ApiProperty()
  slug: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  about: string;

  @ApiProperty()
  usage: string;

  @ApiProperty({ format: 'uuid' })
  owner_organization: string;

  @ApiProperty()
  owner_organization_name: string;

  @ApiProperty()
  owner_organization_slug: string;

  @ApiProperty({ enum: APPLICATION_CATEGORIES, nullable: true, type: String })
  category: string | null;

  @ApiProperty()
  url: string;

  @ApiProperty({ nullable: true, type: String })
  url_licence_server: string | null;

  @ApiProperty({ nullable: true, type: String })
  url_privacy_statement: string | null;

  @ApiProperty({ nullable: true, type: String })
  url_terms_of_delivery: string | null;

  @ApiProperty({ nullable: true, type: Number })
  price_per_year: number | null;

  @ApiProperty({ nullable: true, type: String })
  logo_url: string | null;

  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'The linked data source of the owner organisation' })
  datasource_id: string | null;
}
