import { randomUUID } from 'node:crypto';
export { ORGANIZATION_LABELS, ROLE_CHECKBOX_LABELS } from './domain';

/** A fresh address under `domain` (an organisation's e-mail domain places the newcomer there). */
export function uniqueEmailAt(domain: string): string {
  return `e2e-${randomUUID().slice(0, 12)}@${domain}`;
}
