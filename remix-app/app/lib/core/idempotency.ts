/** One key per form render (CsrfInput). */
export const IDEMPOTENCY_FIELD = 'idempotency_key';

/** Also outside a secure context, unlike randomUUID. */
export function newFormKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
