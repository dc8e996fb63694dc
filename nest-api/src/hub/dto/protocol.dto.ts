import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { FIELD_ERRORS } from '@datahub/domain';

export class RegisterHostDto {
  @ApiProperty({ example: 'data.kwekerij-delta.nl', description: 'FQDN or IP, optional port' })
  @IsString({ message: FIELD_ERRORS.invalid })
  @MaxLength(260, { message: FIELD_ERRORS.maxLength(260) })
  hostname: string;
}

export class RegisterDatasetDto {
  @ApiPropertyOptional({ description: "The data source's proposed id, kept across restarts; used when it is a UUID not taken elsewhere" })
  @IsOptional()
  @IsString({ message: FIELD_ERRORS.invalid })
  @MaxLength(200, { message: FIELD_ERRORS.maxLength(200) })
  dataset_id?: string;

  @ApiPropertyOptional({ example: '.ttl', default: '.ttl' })
  @IsOptional()
  @IsIn(['.ttl'], { message: FIELD_ERRORS.invalid })
  file_format?: string;
}

export class ProtocolDatasetView {
  @ApiProperty({ format: 'uuid' })
  dataset_id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  status: string;

  @ApiProperty()
  file_format: string;
}
