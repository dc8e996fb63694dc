import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { FIELD_ERRORS } from '@datahub/domain';

export const CATALOG_PAGE_SIZE = 100;
export const CATALOG_PAGE_SIZE_MAX = 1000;

const wholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

export class CatalogQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'The page, from 1' })
  @IsOptional()
  @Transform(wholeNumber)
  @IsInt({ message: FIELD_ERRORS.number })
  @Min(1, { message: FIELD_ERRORS.invalid })
  page?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: CATALOG_PAGE_SIZE_MAX, description: `Datasets per page (${CATALOG_PAGE_SIZE} when not given)` })
  @IsOptional()
  @Transform(wholeNumber)
  @IsInt({ message: FIELD_ERRORS.number })
  @Min(1, { message: FIELD_ERRORS.invalid })
  @Max(CATALOG_PAGE_SIZE_MAX, { message: FIELD_ERRORS.invalid })
  size?: number;
}
