import type { Permission } from '@datahub/domain';

export function hasPermission(permissions: readonly Permission[] | readonly string[], name: Permission): boolean {
  return (permissions as readonly string[]).includes(name);
}
