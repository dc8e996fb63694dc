import { LIMITS, PERSONAL_ORGANIZATION_PREFIX, TEMPORARY_ORGANIZATION_SLUG_PREFIX } from './limits';

export function initials(name: string | null | undefined): string {
  return Array.from((name ?? '').trim()).slice(0, LIMITS.initialsLength).join('').toUpperCase();
}

export function isPersonalOrganizationName(name: string): boolean {
  return name.startsWith(PERSONAL_ORGANIZATION_PREFIX);
}

/** Personal organisations (tmp_…) are shown with an empty name. */
export function displayOrganizationName(name: string): string {
  return isPersonalOrganizationName(name) ? '' : name;
}

/** Its first real name gives it a lasting slug. */
export function hasTemporarySlug(organization: { name: string; slug: string }): boolean {
  return isPersonalOrganizationName(organization.name) && organization.slug.startsWith(TEMPORARY_ORGANIZATION_SLUG_PREFIX);
}

/** '10.000': written out rather than Intl, so server and browser agree whatever locale data they carry. */
export function formatCount(value: number): string {
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return whole < 0 ? `-${digits}` : digits;
}

const AMSTERDAM = 'Europe/Amsterdam';

function dateParts(value: Date | string): { day: string; month: string; year: string } {
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts = new Intl.DateTimeFormat('nl-NL', {
    timeZone: AMSTERDAM,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { day: get('day'), month: get('month'), year: get('year') };
}

export function formatDateSlashed(value: Date | string): string {
  const { day, month, year } = dateParts(value);
  return `${day}/${month}/${year}`;
}

export function formatDateDashed(value: Date | string): string {
  const { day, month, year } = dateParts(value);
  return `${day}-${month}-${year}`;
}

/** Europe/Amsterdam, as in the API-token and webhook lists. */
export function formatDateTimeDashed(value: Date | string): string {
  const date = new Date(value);
  const clock = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' }).format(date);
  return `${formatDateDashed(date)} ${clock}`;
}

/** '24 november 2026', Europe/Amsterdam; everywhere but authorisation cards and licences. */
export function formatDateLong(value: Date | string): string {
  return new Intl.DateTimeFormat('nl-NL', { timeZone: AMSTERDAM, day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(value));
}

/** '24 november 2026 om 14:05', Europe/Amsterdam; `seconds` adds them (logs). */
export function formatDateTimeLong(value: Date | string, { seconds = false }: { seconds?: boolean } = {}): string {
  const date = new Date(value);
  const clock = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), hourCycle: 'h23', timeZone: AMSTERDAM }).format(date);
  return `${formatDateLong(date)} om ${clock}`;
}

export function formatWeek(value: Date | string): string {
  const { day, month, year } = dateParts(value);
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const weekday = date.getUTCDay() || 7;
  // The Thursday of this week decides the year the week belongs to.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const firstDay = Date.UTC(date.getUTCFullYear(), 0, 1);
  return `week ${Math.ceil(((date.getTime() - firstDay) / 86_400_000 + 1) / 7)}`;
}

export function titleCase(value: string): string {
  return value.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}
