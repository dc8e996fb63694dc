import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { FIELD_ERRORS } from '@datahub/domain';
import { Omittable } from '../../common/omittable';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

const ORGANIZATION_NAME_MAX = 100;

export class UpdateOrganizationDto {
  @ApiPropertyOptional({ example: 'Kwekerij Delta', maxLength: ORGANIZATION_NAME_MAX })
  @Omittable()
  @Transform(trim)
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(ORGANIZATION_NAME_MAX, { message: FIELD_ERRORS.maxLength(ORGANIZATION_NAME_MAX) })
  name?: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    example: 12345678,
    nullable: true,
    description: 'KvK number: up to 8 digits (digits as text too, as a form sends them; empty = none)',
  })
  @IsOptional()
  @Transform(({ value }) => (value === '' || value === null ? null : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value))
  @ValidateIf((_, value) => value !== null)
  @IsInt({ message: FIELD_ERRORS.kvkNumber })
  @Min(0, { message: FIELD_ERRORS.kvkNumber })
  @Max(99_999_999, { message: FIELD_ERRORS.kvkNumber })
  kvk_number?: number | null;

  @ApiPropertyOptional({ type: String, example: 'kwekerij-delta.nl', nullable: true, description: 'E-mail domain; needs verified users under it' })
  @IsOptional()
  @Transform(trim)
  @Transform(emptyToNull)
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: FIELD_ERRORS.invalid })
  @MaxLength(253, { message: FIELD_ERRORS.maxLength(253) })
  @Matches(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, { message: FIELD_ERRORS.domain })
  domain?: string | null;
}
