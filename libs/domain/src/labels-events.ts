/** Events for integrators (ADR 0025): the kinds are also the RabbitMQ routing keys. */

export const EVENT_KINDS = [
  'authorisation.created',
  'authorisation.changed',
  'authorisation.revoked',
  'authorisation.expired',
  'dataset.registered',
  'dataset.online',
  'dataset.offline',
  'dataset.deleted',
  'datasource.created',
  'datasource.deleted',
  'organization.changed',
  'organization.user_joined',
  'organization.user_left',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export function isEventKind(value: unknown): value is EventKind {
  return typeof value === 'string' && (EVENT_KINDS as readonly string[]).includes(value);
}

export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  'authorisation.created': 'Machtiging verleend',
  'authorisation.changed': 'Machtiging gewijzigd',
  'authorisation.revoked': 'Machtiging ingetrokken',
  'authorisation.expired': 'Machtiging verlopen',
  'dataset.registered': 'Dataset aangemeld',
  'dataset.online': 'Dataset online',
  'dataset.offline': 'Dataset offline',
  'dataset.deleted': 'Dataset verwijderd',
  'datasource.created': 'Databron aangemaakt',
  'datasource.deleted': 'Databron verwijderd',
  'organization.changed': 'Organisatie gewijzigd',
  'organization.user_joined': 'Gebruiker toegevoegd',
  'organization.user_left': 'Gebruiker vertrokken',
};

export const MAX_WEBHOOKS = 10;
/** Also how long a webhook may fail before it is switched off. */
export const WEBHOOK_RETRY_HOURS = 24;
/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Datahub-Signature';

export const WEBHOOK_DELIVERY_STATUS_LABELS = {
  pending: 'Wordt opnieuw geprobeerd',
  delivered: 'Afgeleverd',
  failed: 'Mislukt',
} as const;

export const WEBHOOK_LABELS = {
  title: 'Webhooks',
  intro:
    'Een webhook stuurt gebeurtenissen over uw organisatie, haar datasets en databronnen en de machtigingen waarbij zij partij is naar een https-adres van uw keuze, ondertekend met een geheim.',
  url: 'Adres (https)',
  kinds: 'Gebeurtenissen',
  create: 'Webhook toevoegen',
  creating: 'Bezig met toevoegen...',
  failed: 'Er ging iets mis met de webhook, probeer het opnieuw.',
  createdBy: (name: string, date: string) => `Toegevoegd door ${name} op ${date}`,
  failingSince: (date: string) => `Afleveringen mislukken sinds ${date}`,
  none: 'Er zijn nog geen webhooks.',
  secretTitle: 'Geheim van de nieuwe webhook',
  secretOnce: 'Kopieer het geheim nu: het wordt maar één keer getoond. Controleer er de handtekening van elke aflevering mee.',
  active: 'Actief',
  disabled: 'Uitgeschakeld na 24 uur mislukte afleveringen',
  enable: 'Weer inschakelen',
  enabled: 'De webhook is weer ingeschakeld.',
  remove: 'Verwijderen',
  removeTitle: (url: string) => `Webhook naar ${url} verwijderen?`,
  removeQuestion: (url: string) => `Weet u zeker dat u de webhook naar ${url} wilt verwijderen? Er worden geen gebeurtenissen meer naartoe gestuurd.`,
  removed: 'De webhook is verwijderd.',
  deliveries: 'Afleveringen',
  noDeliveries: 'Nog geen afleveringen.',
  event: 'Gebeurtenis',
  status: 'Status',
  attempts: 'Pogingen',
  responseCode: 'Antwoordcode',
  duration: 'Duur',
  durationMs: (ms: number) => `${ms} ms`,
  noResponse: 'Geen antwoord',
  lastAttempt: 'Laatste poging',
  resend: 'Opnieuw versturen',
  resent: 'De aflevering wordt opnieuw verstuurd.',
  urlInvalid: 'Geef een geldig https-adres op, zonder gebruikersnaam of wachtwoord.',
  urlPrivate: 'Dit adres is niet bereikbaar vanaf de hub (intern of privé-adres).',
  kindsRequired: 'Kies ten minste één gebeurtenis.',
  limitReached: `Uw organisatie heeft al het maximale aantal (${MAX_WEBHOOKS}) webhooks.`,
  disabledMailSubject: (url: string) => `Webhook uitgeschakeld: ${url}`,
  disabledMailText: (organization: string, url: string, link: string) =>
    `Beste beheerder van ${organization},\n\nDe webhook naar ${url} kon 24 uur lang geen gebeurtenissen afleveren en is daarom uitgeschakeld.\n` +
    `Controleer het adres en schakel de webhook weer in op ${link}.\n\nMet vriendelijke groet,\nDatahub Tuinbouw`,
} as const;
