import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { FIELD_ERRORS, searchFolded } from '@datahub/domain';

const CATALOGUE_LIMIT_MAX = 500;

const wholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

/** Without any of them the whole list comes back. */
export class CatalogueQueryDto {
  @ApiPropertyOptional({ description: "Part of the name, the description or the owner organisation's name (case and accents ignored)", maxLength: 200 })
  @IsOptional()
  @IsString({ message: FIELD_ERRORS.invalid })
  @MaxLength(200, { message: FIELD_ERRORS.maxLength(200) })
  q?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: CATALOGUE_LIMIT_MAX, description: 'At most this many entries' })
  @IsOptional()
  @Transform(wholeNumber)
  @IsInt({ message: FIELD_ERRORS.number })
  @Min(1, { message: FIELD_ERRORS.invalid })
  @Max(CATALOGUE_LIMIT_MAX, { message: FIELD_ERRORS.invalid })
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Skip this many entries (in name order)' })
  @IsOptional()
  @Transform(wholeNumber)
  @IsInt({ message: FIELD_ERRORS.number })
  @Min(0, { message: FIELD_ERRORS.invalid })
  offset?: number;

  @ApiPropertyOptional({ enum: ['conforms', 'deviations'], description: "Only datasets whose data source's last quality check against the greenhouse ontology found nothing (conforms) or found deviations" })
  @IsOptional()
  @IsIn(['conforms', 'deviations'], { message: FIELD_ERRORS.invalid })
  quality?: 'conforms' | 'deviations';
}

export function likePattern(query: string): string {
  return `%${searchFolded(query.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
