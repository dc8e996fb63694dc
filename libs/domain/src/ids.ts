/** Any version, case-insensitive, as ids arrive from addresses. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked before PostgreSQL, which answers a malformed uuid with an error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
