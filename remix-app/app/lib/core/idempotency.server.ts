import { createHash } from 'node:crypto';
import { IDEMPOTENCY_FIELD } from './idempotency';

/** readForm records it, apiRequest sends it. */
const formKeys = new WeakMap<Request, string>();
const FORM_KEY = /^[0-9a-f]{32}$/;

export function rememberFormKey(request: Request, formData: FormData): void {
  const key = formData.get(IDEMPOTENCY_FIELD);
  if (typeof key === 'string' && FORM_KEY.test(key)) formKeys.set(request, key);
}

/** The form's key plus a hash of what is sent: a retried post replays, other content from the same render gets another key. */
export function idempotencyKeyFor(request: Request, path: string, sent: unknown): string | undefined {
  const formKey = formKeys.get(request);
  if (!formKey) return undefined;
  const hash = createHash('sha256').update(`${path}\n${JSON.stringify(sent ?? null)}`).digest('hex').slice(0, 32);
  return `${formKey}-${hash}`;
}
