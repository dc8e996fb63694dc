import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { FIELD_ERRORS, LIMITS } from '@datahub/domain';
import { Omittable } from '../../common/omittable';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class UpdateUserDto {
  @ApiPropertyOptional({ maxLength: LIMITS.personNameMax, example: 'Anna' })
  @Omittable()
  @Transform(trim)
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(LIMITS.personNameMax, { message: FIELD_ERRORS.maxLength(LIMITS.personNameMax) })
  firstname?: string;

  @ApiPropertyOptional({ maxLength: LIMITS.personNameMax, example: 'de Vries' })
  @Omittable()
  @Transform(trim)
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(LIMITS.personNameMax, { message: FIELD_ERRORS.maxLength(LIMITS.personNameMax) })
  lastname?: string;
}
