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

/** At the data source's own host: no '//', dot segments (also encoded), backslash, '@', '#' or control characters. */
function isSafePath(path: string): boolean {
  if (!path.startsWith('/') || /[\\@#\s\u0000-\u001f\u007f]/.test(path)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.replaceAll('{DATASET_ID}', 'x').split('?')[0]);
  } catch {
    return false;
  }
  if (/[\\@]/.test(decoded) || decoded.includes('//')) return false;
  return !decoded.split('/').some((segment) => segment === '.' || segment === '..');
}

/** Host patterns are '{host}' with optional http(s):// and path; dataset patterns are paths placing {DATASET_ID}. */
export function isValidPattern(kind: PathKindName, pattern: string): boolean {
  if (kind === 'host') {
    const match = /^(?:https?:\/\/)?\{host\}(.*)$/.exec(pattern);
    return !!match && (match[1] === '' || isSafePath(match[1]));
  }
  return pattern.includes('{DATASET_ID}') && isSafePath(pattern);
}
