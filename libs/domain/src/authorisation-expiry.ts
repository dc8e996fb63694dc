import { formatDateSlashed } from './format';

/** Today included. */
export const EXPIRY_SOON_DAYS = 14;

export const EXPIRY_LABELS = {
  validThrough: (date: string) => `Geldig tot en met ${date}`,
  expiredOn: (date: string) => `Verlopen op ${date}`,
  indefinite: 'Voor onbepaalde tijd',
  soon: 'Verloopt binnenkort',
} as const;

function dayNumber(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;
}

/** `today` is Europe/Amsterdam's date (YYYY-MM-DD): a grant is valid through its last day there. */
export function expiryNote(expiration: string | null, today: string): { text: string; state: 'indefinite' | 'valid' | 'soon' | 'expired' } {
  if (!expiration) return { text: EXPIRY_LABELS.indefinite, state: 'indefinite' };
  const date = formatDateSlashed(`${expiration}T12:00:00Z`);
  if (expiration < today) return { text: EXPIRY_LABELS.expiredOn(date), state: 'expired' };
  const left = dayNumber(expiration) - dayNumber(today);
  return { text: EXPIRY_LABELS.validThrough(date), state: left < EXPIRY_SOON_DAYS ? 'soon' : 'valid' };
}
