import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { FIELD_ERRORS, LIMITS } from '@datahub/domain';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The profile screen sends firstname and lastname; e-mail and organisation are not changed here. */
export class UpdateUserDto {
  @ApiPropertyOptional({ maxLength: LIMITS.personNameMax, example: 'Anna' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(LIMITS.personNameMax, { message: FIELD_ERRORS.maxLength(LIMITS.personNameMax) })
  firstname?: string;

  @ApiPropertyOptional({ maxLength: LIMITS.personNameMax, example: 'de Vries' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(LIMITS.personNameMax, { message: FIELD_ERRORS.maxLength(LIMITS.personNameMax) })
  lastname?: string;
}
