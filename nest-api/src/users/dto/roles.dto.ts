import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsString } from 'class-validator';
import { FIELD_ERRORS, ROLES, type Role } from '@datahub/domain';

export class AddRoleDto {
  @ApiProperty({ enum: ROLES })
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsIn([...ROLES], { message: FIELD_ERRORS.invalid })
  name: Role;
}

export class SetRolesDto {
  @ApiProperty({ enum: ROLES, isArray: true })
  @IsArray({ message: FIELD_ERRORS.invalid })
  @ArrayMaxSize(ROLES.length, { message: FIELD_ERRORS.invalid })
  @IsIn([...ROLES], { each: true, message: FIELD_ERRORS.invalid })
  names: Role[];
}
