import { DATASET_SCOPES } from './authorisations';
import { formatDateLong } from './format';
import { EVENT_KIND_LABELS } from './labels-events';
import { ROLE_CHECKBOX_LABELS } from './roles';

/** The log keeps the machine's field names and values (stable for API consumers); people read these Dutch ones. */
const FIELD_LABELS: Record<string, string> = {
  authorisations: 'categorieën',
  expiration_date: 'geldig tot en met',
  expires_on: 'geldig tot en met',
  name: 'naam',
  kind: 'soort',
  scopes: 'rechten',
  email: 'e-mailadres',
  roles: 'rollen',
  with: 'met',
  reason: 'reden',
  hostname: 'hostnaam',
  path: 'pad',
  pattern: 'patroon',
  kvk_number: 'KvK-nummer',
  domain: 'domein',
  url: 'adres',
  kinds: 'gebeurtenissen',
  revoked_because: 'ingetrokken omdat',
};

const ROLE_LABELS: Record<string, string> = {
  'AdminOrganization.Owner': `${ROLE_CHECKBOX_LABELS.owner} (platformbeheer)`,
  'Organization.Owner': ROLE_CHECKBOX_LABELS.owner,
  'Datasource.Contributor': ROLE_CHECKBOX_LABELS.datasources,
  'Authorisation.Contributor': ROLE_CHECKBOX_LABELS.authorisations,
  'Organization.Contributor': ROLE_CHECKBOX_LABELS.organization,
  'Application.Contributor': ROLE_CHECKBOX_LABELS.applications,
  'User.Contributor': ROLE_CHECKBOX_LABELS.users,
};

const VALUE_LABELS: Record<string, Record<string, string>> = {
  authorisations: Object.fromEntries(DATASET_SCOPES.map((entry) => [entry.scope, entry.label])),
  roles: ROLE_LABELS,
  kind: { personal: 'persoonlijk', organization: 'organisatie' },
  with: { totp: 'code uit de app', recovery: 'herstelcode' },
  kinds: EVENT_KIND_LABELS,
  revoked_because: {
    password_reset: 'het wachtwoord is hersteld via e-mail',
    password_change: 'het wachtwoord is gewijzigd',
    two_factor_enabled: 'tweestapsverificatie is ingeschakeld',
    left_organization: 'de gebruiker de organisatie verliet',
  },
};

const DATE_FIELDS = new Set(['expiration_date', 'expires_on']);

function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return DATE_FIELDS.has(key) ? 'voor onbepaalde tijd' : '–';
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.map((item) => valueText(key, item)).join(', ');
  const text = String(value);
  if (DATE_FIELDS.has(key) && /^\d{4}-\d{2}-\d{2}/.test(text)) return formatDateLong(text.slice(0, 10));
  return VALUE_LABELS[key]?.[text] ?? text;
}

/** 'categorieën: Water, Verwarming; geldig tot en met 31 december 2026' — unknown fields keep their name. */
export function describeAuditChange(change: Record<string, unknown> | null | undefined): string {
  if (!change) return '';
  return Object.entries(change)
    .map(([key, value]) => `${FIELD_LABELS[key] ?? key}: ${valueText(key, value)}`)
    .join('; ');
}

/** An approval's 'before' is what was asked for. */
const CHANGE_WORDS: Record<string, { before: string; same: string }> = {
  'access_request.approved': { before: 'aangevraagd', same: 'goedgekeurd zoals aangevraagd' },
};
const DEFAULT_CHANGE_WORDS = { before: 'was', same: 'ongewijzigd' };

/** Each field's value now with what it was in brackets where it differs, or that nothing differed; never 'X → X'. */
export function describeAuditDifference(kind: string, before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): string {
  if (!before || !after) return describeAuditChange(after ?? before);
  const words = CHANGE_WORDS[kind] ?? DEFAULT_CHANGE_WORDS;
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const fields = keys.map((key) => {
    const now = valueText(key, after[key]);
    const was = valueText(key, before[key]);
    return { key, now, was, same: now === was };
  });
  if (fields.every((field) => field.same)) return `${words.same}: ${describeAuditChange(after)}`;
  return fields.map(({ key, now, was, same }) => `${FIELD_LABELS[key] ?? key}: ${now}${same ? '' : ` (${words.before}: ${was})`}`).join('; ');
}
