import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { FIELD_ERRORS } from '@datahub/domain';

export const PATH_KINDS = ['host', 'dataset', 'dataset_metadata'] as const;
export type PathKindName = (typeof PATH_KINDS)[number];

export class PathOverrideDto {
  @ApiProperty({ example: '/api/datasets/{DATASET_ID}', description: "Uses {host} (host) or {DATASET_ID} (dataset, dataset_metadata)" })
  @IsString({ message: FIELD_ERRORS.invalid })
  @IsNotEmpty({ message: FIELD_ERRORS.required })
  @MaxLength(300, { message: FIELD_ERRORS.maxLength(300) })
  @Matches(/^\S+$/, { message: FIELD_ERRORS.invalid })
  path_override_pattern: string;
}

export class PathOverrideView {
  @ApiProperty({ format: 'uuid' })
  datasource_id: string;

  @ApiProperty({ enum: PATH_KINDS })
  datasource_path: PathKindName;

  @ApiProperty()
  path_override_pattern: string;
}

/** host patterns must place {host}; dataset patterns are paths that place {DATASET_ID}. */
export function isValidPattern(kind: PathKindName, pattern: string): boolean {
  if (kind === 'host') return pattern.includes('{host}') && /^(https?:\/\/)?\{host\}[^\s]*$/.test(pattern);
  return pattern.startsWith('/') && pattern.includes('{DATASET_ID}');
}
