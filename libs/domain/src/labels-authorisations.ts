import { DATASET_SCOPES } from './authorisations';
import { formatCount } from './format';

export const AUTHORISATION_LABELS = {
  title: 'Mijn machtigingen',
  received: 'Ontvangen',
  given: 'Uitgegeven',
  newAuthorisation: 'Nieuwe machtiging',
  revoke: 'Intrekken',
  revokeLabel: (dataset: string, organization: string) => `Machtiging op ${dataset} voor ${organization} intrekken`,
  revokeConfirmTitle: 'Machtiging intrekken?',
  revokeConfirmText: (dataset: string, organization: string) =>
    `${organization} kan de dataset ${dataset} daarna niet meer opvragen met deze machtiging. Dit kan niet ongedaan worden gemaakt.`,
  revokeConfirm: 'Ja, intrekken',
  cancel: 'Annuleren',
  revoked: (dataset: string, organization: string) => `De machtiging op ${dataset} voor ${organization} is ingetrokken.`,
  revokeFailed: 'Er ging iets mis bij het intrekken van de machtiging, probeer opnieuw of neem contact op voor hulp.',
  indefinite: 'Voor onbepaalde tijd',
  expired: 'Verlopen',
  expiresLabel: 'Geldig tot en met',
  grantedBy: 'Verleend door',
  assignee: 'Aan',
  /** Spec §2, verbatim; which one fits where: ADR 0007. */
  emptyReceived: 'Er zijn geen ontvangen machtigingen.',
  emptyGiven: 'Er zijn geen uitgegeven machtigingen.',
  emptyReceivedEver: 'Jouw organisatie heeft nog geen machtigingen ontvangen.',
  emptyGivenEver: 'Jouw organisatie heeft nog geen machtigingen verleend.',
  noRights:
    "U heeft onvoldoende rechten om machtigingen te bekijken. Vraag de beheerder van uw organisatie om het recht 'Machtigingen beheren'.",
  create: {
    title: 'Nieuwe machtiging',
    intro: 'Geef een andere organisatie leesrechten op een dataset van uw organisatie, voor alle data of voor categorieën.',
    dataset: 'Dataset',
    datasetPlaceholder: 'Kies een dataset',
    assignee: 'Organisatie',
    assigneePlaceholder: 'Kies een organisatie',
    expiration: 'Vervaldatum (optioneel)',
    expirationHint: 'De machtiging geldt tot en met deze datum. Leeg laten: voor onbepaalde tijd.',
    categories: 'Categorieën',
    submit: 'Machtiging aanmaken',
    creating: 'Machtiging wordt aangemaakt…',
    created: (dataset: string, organization: string) => `Machtiging op ${dataset} voor ${organization} is aangemaakt.`,
    noDatasets: 'Uw organisatie heeft nog geen datasets om machtigingen op te geven.',
    failed: 'Er ging iets mis bij het aanmaken van de machtiging, probeer opnieuw of neem contact op voor hulp.',
    backToList: 'Terug naar machtigingen',
  },
} as const;

export const AUTHORISATION_FIELD_ERRORS = {
  datasetMissing: 'Kies een dataset.',
  datasetUnknown: 'Deze dataset bestaat niet of is niet van uw organisatie.',
  assigneeMissing: 'Kies een organisatie.',
  assigneeUnknown: 'Deze organisatie bestaat niet.',
  assigneeOwn: 'U kunt geen machtiging aan uw eigen organisatie geven.',
  ownerGrantsOnly: 'Alleen de organisatie die eigenaar is van deze dataset kan er machtigingen op geven.',
  scopesMissing: 'Kies minstens één categorie.',
  scopeUnknown: 'Deze categorie bestaat niet.',
  scopesExclusive: "Kies 'Alle data in deze dataset' of losse categorieën, niet allebei.",
  expirationInvalid: 'Vul een datum in als jjjj-mm-dd.',
  expirationPast: 'De vervaldatum mag niet in het verleden liggen.',
} as const;

export const SPARQL_LABELS = {
  title: 'SPARQL',
  intro: 'Vraag de data van deze dataset op met een SPARQL query.',
  inputLabel: 'SPARQL query',
  placeholder: 'SPARQL query invoeren...',
  submit: 'Opvragen',
  running: 'Query wordt uitgevoerd…',
  result: 'Resultaat',
  table: 'Tabel',
  json: 'JSON',
  download: 'Download',
  downloadXml: 'Download XML',
  truncated: (rows: number) => `Het resultaat is afgekapt na ${formatCount(rows)} rijen.`,
  noRows: 'De query gaf geen resultaten.',
  onlyTtl: 'SPARQL is alleen beschikbaar voor datasets in het .ttl-formaat.',
  offline: 'SPARQL werkt alleen voor datasets die online zijn.',
  noGrant: (organization: string) =>
    `Uw organisatie heeft geen machtiging op deze dataset. Vraag ${organization}, de eigenaar van de dataset, om een machtiging om de data op te vragen.`,
  scopesNote: (labels: string) => `Uw organisatie mag van deze dataset opvragen: ${labels}.`,
} as const;

export const EXAMPLE_SPARQL_QUERY = 'SELECT * WHERE {\n  ?s ?p ?o\n}\nLIMIT 5';

/** Unknown names are returned unchanged. */
export function scopeLabel(scope: string): string {
  return DATASET_SCOPES.find((entry) => entry.scope === scope)?.label ?? scope;
}

// Made once: a formatter costs far more to build than to use.
const AMSTERDAM_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' });

/** An authorisation is valid through its expiry date there. */
export function amsterdamToday(now: Date = new Date()): string {
  return AMSTERDAM_DATE.format(now);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
