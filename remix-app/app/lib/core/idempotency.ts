/** The hidden field every posting form carries (CsrfInput): one key per form render (issue 34). */
export const IDEMPOTENCY_FIELD = 'idempotency_key';

/** 32 hex digits from the platform's random source (also outside a secure context, unlike randomUUID). */
export function newFormKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
