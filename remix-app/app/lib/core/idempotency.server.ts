import { createHash } from 'node:crypto';
import { IDEMPOTENCY_FIELD } from './idempotency';

/** The form key of each posted form, by its request (readForm records it, apiRequest sends it). */
const formKeys = new WeakMap<Request, string>();
const FORM_KEY = /^[0-9a-f]{32}$/;

export function rememberFormKey(request: Request, formData: FormData): void {
  const key = formData.get(IDEMPOTENCY_FIELD);
  if (typeof key === 'string' && FORM_KEY.test(key)) formKeys.set(request, key);
}

/**
 * The Idempotency-Key for a POST to nest-api made while handling a posted form: the form's key
 * plus a hash of what is sent. Posting the same form render again (a retry after a lost answer)
 * sends the same key, so nest-api replays its answer; other content from the same render (a kept
 * page shown twice) is another key, so it is never refused as "another request".
 */
export function idempotencyKeyFor(request: Request, path: string, sent: unknown): string | undefined {
  const formKey = formKeys.get(request);
  if (!formKey) return undefined;
  const hash = createHash('sha256').update(`${path}\n${JSON.stringify(sent ?? null)}`).digest('hex').slice(0, 32);
  return `${formKey}-${hash}`;
}
