/** API tokens (ADR 0017). */

export const API_TOKEN_SCOPES = ['data:read', 'catalogue:read'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export function isApiTokenScope(value: unknown): value is ApiTokenScope {
  return typeof value === 'string' && (API_TOKEN_SCOPES as readonly string[]).includes(value);
}

/** Live: unrevoked and unexpired; the owner is a user or an organisation. */
export const MAX_LIVE_API_TOKENS = 20;
export const MAX_API_TOKEN_DAYS = 365;
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'data:read': 'data:read — SPARQL en XML van wat de organisatie mag lezen',
  'catalogue:read': 'catalogue:read — de catalogus, datasets en applicaties',
};

export const API_TOKEN_LABELS = {
  title: 'API-tokens',
  introPersonal:
    'Met een persoonlijke API-token leest een script of applicatie namens u, alleen-lezen. De eigenaren van uw organisatie zien de token (niet de token zelf) en kunnen hem intrekken. Verlaat u de organisatie, dan wordt hij ingetrokken.',
  introOrganization:
    'Een organisatie-token leest namens de organisatie en blijft werken als de maker vertrekt. Alleen-lezen.',
  name: 'Naam',
  expiry: 'Geldig tot',
  expiryDays: (days: number) => `${days} dagen`,
  expiryDate: 'Datum',
  expiryDateField: 'Einddatum (uiterlijk een jaar vanaf vandaag)',
  scopes: 'Scopes',
  create: 'Token aanmaken',
  creating: 'Bezig met aanmaken...',
  createdBy: 'Aangemaakt door',
  createdAt: 'Aangemaakt op',
  expiresAt: 'Verloopt op',
  lastUsed: 'Laatst gebruikt',
  neverUsed: 'Nog niet gebruikt',
  none: 'Er zijn nog geen API-tokens.',
  secretTitle: 'Uw nieuwe token',
  secretOnce: 'Kopieer de token nu: hij wordt maar één keer getoond. Alleen een hash wordt bewaard.',
  copy: 'Kopiëren',
  copied: 'Gekopieerd',
  revoke: 'Intrekken',
  revokeQuestion: (name: string) => `Weet u zeker dat u de API-token '${name}' wilt intrekken? Applicaties die hem gebruiken krijgen direct geen toegang meer.`,
  revoked: 'De API-token is ingetrokken.',
  membersTitle: 'Persoonlijke API-tokens van leden',
  membersIntro:
    'Tokens die leden voor zichzelf hebben gemaakt. Ze lezen namens dat lid wat uw organisatie mag lezen. U ziet ze, niet de token zelf, en kunt ze intrekken.',
  membersNone: 'Leden van uw organisatie hebben geen geldige persoonlijke API-tokens.',
  member: 'Lid',
  revokeMemberQuestion: (name: string, member: string) =>
    `Weet u zeker dat u de persoonlijke API-token '${name}' van ${member} wilt intrekken? Scripts en applicaties die hem gebruiken krijgen direct geen toegang meer.`,
  nameRequired: 'Geef de token een naam.',
  nameTooLong: 'De naam is te lang (maximaal 100 tekens).',
  scopesRequired: 'Kies ten minste één scope.',
  expiryInvalid: 'Kies een geldigheid van 30, 90 of 365 dagen, of een datum binnen een jaar.',
  limitReached: 'U heeft al het maximale aantal (20) geldige API-tokens. Trek er eerst een in.',
  failed: 'Er ging iets mis met de API-token, probeer het opnieuw.',
  developersTitle: 'Voor ontwikkelaars',
  developersHint: 'SPARQL-endpoint en een voorbeeld met curl',
  apiTitle: 'Gebruik via API',
  apiIntro:
    'Lees deze dataset met uw eigen software via het SPARQL 1.1 Protocol, met een API-token met de scope data:read (aan te maken op uw profiel of bij uw organisatie).',
  apiEndpoint: 'Endpoint',
  apiExample: 'Voorbeeld met curl',
  apiTokenPlaceholder: 'dht_UW_TOKEN',
} as const;

/** Plain text, as the protocol wants. */
export const SPARQL_PROTOCOL_TEXTS = {
  noQuery: "Geen query: geef de parameter 'query' (GET of formulier) of een body van het type application/sparql-query.",
  twoQueries: "Meer dan één query: geef de parameter 'query' precies één keer.",
  update: 'SPARQL Update wordt niet ondersteund: dit endpoint beantwoordt alleen queries.',
  graphParameters:
    'default-graph-uri en named-graph-uri worden niet ondersteund: de standaardgraaf is het deel van de dataset dat u mag lezen.',
  mediaType: 'Niet-ondersteund Content-Type: gebruik application/x-www-form-urlencoded of application/sparql-query.',
  notAcceptable: 'Geen van de gevraagde formaten (Accept) is beschikbaar voor deze query.',
  syntax: (message: string) => `Ongeldige query: ${message}`,
  refused: (message: string) => `Query geweigerd: ${message}`,
  failed: 'De query kon niet worden uitgevoerd.',
  forbidden: 'Uw organisatie mag (dit deel van) deze dataset niet lezen.',
  notFound: 'Deze dataset bestaat niet.',
  offline: 'De dataset is offline; probeer het later opnieuw.',
  timeout: 'De query duurde te lang: de deadline is verstreken.',
  tooMany: 'Te veel gelijktijdige queries; probeer het zo opnieuw.',
  tooLarge: 'Het antwoord is te groot.',
  other: 'Er ging iets mis met de query.',
  description:
    'SPARQL 1.1 Protocol-endpoint van deze dataset. De standaardgraaf is precies het deel dat uw organisatie mag lezen; default-graph-uri en named-graph-uri worden geweigerd.',
} as const;
