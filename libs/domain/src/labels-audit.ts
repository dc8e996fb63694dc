import { formatCount } from './format';

/** `read.*` kinds are data reads (deleted after AUDIT_RETENTION_MONTHS), the rest changes (kept). */
export const AUDIT_KINDS = [
  'grant.created',
  'grant.extended',
  'grant.changed',
  'grant.revoked',
  'grant.expired',
  'access_request.created',
  'access_request.approved',
  'access_request.declined',
  'roles.changed',
  'invitation.sent',
  'invitation.accepted',
  'invitation.revoked',
  'user.removed',
  'datasource.created',
  'datasource.deleted',
  'datasource.key_rotated',
  'datasource.offline',
  'datasource.online',
  'path_override.changed',
  'organization.changed',
  'api_token.created',
  'api_token.revoked',
  'webhook.created',
  'webhook.deleted',
  'webhook.enabled',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_code_used',
  'read.query',
  'read.download',
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];

export function isAuditKind(value: string): value is AuditKind {
  return (AUDIT_KINDS as readonly string[]).includes(value);
}

export function isReadKind(kind: string): boolean {
  return kind.startsWith('read.');
}

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'grant.created': 'Machtiging gegeven',
  'grant.extended': 'Machtiging verlengd',
  'grant.changed': 'Machtiging gewijzigd',
  'grant.revoked': 'Machtiging ingetrokken',
  'grant.expired': 'Machtiging verlopen',
  'access_request.created': 'Toegang aangevraagd',
  'access_request.approved': 'Aanvraag goedgekeurd',
  'access_request.declined': 'Aanvraag afgewezen',
  'roles.changed': 'Rollen gewijzigd',
  'invitation.sent': 'Uitnodiging verstuurd',
  'invitation.accepted': 'Uitnodiging geaccepteerd',
  'invitation.revoked': 'Uitnodiging ingetrokken',
  'user.removed': 'Gebruiker verwijderd',
  'datasource.created': 'Databron aangemaakt',
  'datasource.deleted': 'Databron verwijderd',
  'datasource.key_rotated': 'Nieuwe sleutel voor databron',
  'datasource.offline': 'Databron offline',
  'datasource.online': 'Databron weer online',
  'path_override.changed': 'Padinstelling gewijzigd',
  'organization.changed': 'Organisatiegegevens gewijzigd',
  'api_token.created': 'API-token aangemaakt',
  'api_token.revoked': 'API-token ingetrokken',
  'webhook.created': 'Webhook toegevoegd',
  'webhook.deleted': 'Webhook verwijderd',
  'webhook.enabled': 'Webhook weer ingeschakeld',
  'two_factor.enabled': 'Tweestapsverificatie ingeschakeld',
  'two_factor.disabled': 'Tweestapsverificatie uitgeschakeld',
  'two_factor.recovery_code_used': 'Herstelcode gebruikt',
  'read.query': 'SPARQL-query',
  'read.download': 'XML-download',
};

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_CSV_MAX_ROWS = 100_000;

export const AUDIT_LABELS = {
  title: 'Logboek',
  intro: 'Wie wat deed met de gegevens en instellingen van uw organisatie, en wie uw datasets las.',
  filters: 'Filteren',
  from: 'Vanaf',
  until: 'Tot en met',
  kind: 'Soort',
  allKinds: 'Alle soorten',
  dataset: 'Dataset',
  allDatasets: 'Alle datasets',
  organization: 'Organisatie',
  allOrganizations: 'Alle organisaties',
  person: 'Persoon (e-mailadres)',
  show: 'Tonen',
  exportCsv: 'Exporteren als CSV',
  when: 'Wanneer',
  who: 'Wie',
  what: 'Wat',
  details: 'Details',
  address: 'Adres',
  empty: 'Geen regels in het logboek voor deze selectie.',
  next: 'Oudere regels',
  first: 'Nieuwste regels',
  token: 'API-token',
  rows: 'rijen',
  outcome: 'uitkomst',
  /** The CSV keeps the number, for programs. */
  outcomeText: (status: number | null): string =>
    status === null
      ? 'uitkomst onbekend'
      : status >= 200 && status < 300
        ? 'gelukt'
        : status === 401 || status === 403
          ? 'geweigerd: geen machtiging'
          : status === 404
            ? 'mislukt: dataset niet gevonden'
            : status === 429
              ? 'geweigerd: te veel verzoeken'
              : status >= 400 && status < 500
                ? 'geweigerd: de query was ongeldig of te groot'
                : 'mislukt: de dataset gaf geen antwoord',
  rowsText: (rows: number): string => `${formatCount(rows)} ${rows === 1 ? 'rij' : 'rijen'}`,
  csvHeader: ['Tijdstip', 'Soort', 'Wie', 'Organisatie van wie', 'Dataset', 'Andere organisatie', 'Voor', 'Na', 'Rijen', 'Uitkomst', 'Adres'],
  usageTitle: 'Gebruik door anderen',
  usageIntro: 'Query’s en downloads per ontvangende organisatie in de laatste 30 dagen.',
  usageEmpty: 'Geen andere organisatie heeft deze dataset de laatste 30 dagen gelezen.',
  usageOrganization: 'Organisatie',
  usageReads: 'Aantal keer gelezen',
  usageLast: 'Laatst gelezen',
} as const;

export const AUDIT_FILTER_ERRORS = {
  kind: 'Kies een soort uit de lijst.',
  date: 'Vul een datum in als dd-mm-jjjj.',
  cursor: 'Deze pagina van het logboek bestaat niet.',
} as const;
