import { INVITATION_LABELS } from './labels-usability';
import { APPLICATION_FIELD_ERRORS, APPLICATION_FIELD_LABELS } from './labels-applications';
import { SIGN_IN_LIMIT_DETAILS } from './labels-sign-in-limits';
/** The portal turns the API's status and `detail` into the Dutch texts below, here and nowhere else; the spec's texts (§8) are verbatim, typos included. */

export const DETAILS = {
  validationFailed: 'validation failed',
  unauthenticated: 'not authenticated',
  forbidden: 'insufficient permissions',
  notFound: 'not found',
  movedPermanently: 'moved permanently',
  csrf: 'invalid csrf token',
  badOrigin: 'cross-origin request refused',
  invalidCredentials: 'invalid credentials',
  tooManyAttempts: 'too many attempts',
  signupDisabled: 'sign-up is disabled',
  emailTaken: 'an account with this email already exists',
  organizationNameTaken: 'organization with this name already exists',
  cannotUseEmailDomain: 'cannot use this email domain',
  lastOwner: 'there must always be an organization owner',
  applicationNameTaken: 'application with this name already exists',
  datasourceHostnameTaken: 'datasource with this hostname already exists',
  datasourceNameTaken: 'datasource with this name already exists',
  invalidHostname: 'invalid hostname',
  privateHost: 'private or internal address not allowed',
  invalidEmail: 'invalid email',
  verificationInvalid: 'verification link invalid or expired',
  alreadyMember: 'already a member of this organization',
  internal: 'internal error',
  datasetOffline: 'dataset offline',
  tooManyQueries: 'too many queries',
  grantByOwnerOnly: 'only the owner organization grants on its datasets',
  domainClaimByOwnerOnly: 'only an organization owner claims an email domain',
  ownOrganizationOnly: 'only the organization itself creates this; platform admins may read, revoke and remove it',
  // Machines read these, so they are Dutch as they stand.
  tokenNotAllowed: 'Een API-token geeft geen toegang tot deze bewerking; gebruik hiervoor de portal.',
  tokenScopeMissing: 'Deze API-token heeft niet de scope die deze bewerking vraagt.',
  tokenExpired: 'Deze API-token is verlopen; maak een nieuwe aan.',
  tokenLimit: 'U heeft al het maximale aantal geldige API-tokens; trek er eerst een in.',
  accessRequestOpen: 'an access request of this organization for this dataset is already open',
  accessRequestDecided: 'this access request has already been decided',
} as const;

export type Detail = (typeof DETAILS)[keyof typeof DETAILS];

export interface ApiErrorBody {
  statusCode: number;
  detail: string;
  errors?: Record<string, string>;
}

export const ERROR_TEXTS = {
  organizationUpdate: {
    forbidden: 'U heeft onvoldoende rechten om gegevens van de organisatie aan te passen!',
    nameTaken: 'Er bestaat al een organisatie met deze naam, gebruik een andere naam.',
    domain:
      'Er zijn geen geverifieerde gebruikers binnen uw organisatie onder dit domein, gebruik een ander domein.',
    other:
      'Er ging iets mis bij het wijzigen van de organizatie, probeer opnieuw of neem contact op voor hulp.',
  },
  sparql:
    'Error: er ging iets mis met het uitvoeren van de query. Controleer de query, en check of de dataset online is.',
  xmlDownload: 'Error: er was een probleem bij het downloaden van het xml-bestand.',
  application: {
    unprocessable: 'Niet alle verplichte velden zijn ingevuld.',
    /** A field refused for its content says which and why (the spec's text stays for missing ones). */
    checkField: (field: string, why: string) => `Controleer het veld '${field}': ${why}`,
    checkFields: (list: string) => `Controleer deze velden: ${list}`,
    nameTaken: 'Er bestaat al een applicatie met deze naam',
    other: 'Er ging iets mis met het aanmaken van de applicatie, neem contact op voor hulp.',
  },
  datasourceCreate: {
    unprocessable: 'Niet alle verplichte velden zijn ingevuld.',
    nameMissing: 'De naam van de databron is niet ingevuld!',
    // The spec's sentence, verbatim; the field itself says in plain words what to change (HOSTNAME_PROBLEMS).
    invalidHostname: 'De hostnaam is incorrect. Dit moet een Fully Qualified Domain Name of IP adres zijn.',
    hostnameTaken: 'Er bestaat al een databron met deze hostnaam!',
    privateHost: 'Deze hostnaam wijst naar een intern of privé-adres. De hub verbindt alleen met publieke adressen.',
    nameTaken: 'Er bestaat al een databron met deze naam!',
    other:
      'Er ging iets mis bij het aanmaken van de databron, probeer opnieuw of neem contact op voor hulp.',
  },
  roles: {
    lastOwner: 'Er moet altijd een eigenaar zijn van een organsatie!',
    other: 'Er ging iets fout met het wijzigen van de permissies.',
  },
  invite: {
    invalidEmail: 'Het ingevoerde email adres is niet geldig, probeer opnieuw',
    other: 'Er ging iets mis met het verzenden van de uitnodiging, probeer opnieuw',
  },
  pathOverrides: {
    missingDatasourceId:
      'Kan pad-oerrides niet bijwerken, geen gegevensbron-ID gevonden voor gegevensbron',
  },
  access: {
    organizationPage:
      'Forbidden 403: U heeft onvoldoende rechten binnen deze applicatie om deze content te zien!',
  },
  noDatasourceForApplication: 'Geen databron gevonden voor deze applicatie.',
  // Texts the spec leaves open (login, sign-up, profile, generic); our wording.
  login: {
    invalidCredentials: 'Het e-mailadres of wachtwoord is onjuist.',
    tooManyAttempts: 'Te veel pogingen. Wacht een kwartier en probeer het dan opnieuw.',
    signupDisabled: 'Registreren is op dit moment niet mogelijk.',
    emailTaken: 'Er bestaat al een account met dit e-mailadres. Log in met dit e-mailadres.',
    sessionExpired: 'Uw sessie is verlopen. Log opnieuw in.',
    providerFailed: 'Inloggen via deze dienst is niet gelukt, probeer het opnieuw.',
  },
  csrf: 'De pagina was verlopen. Probeer het nog een keer.',
  generic: 'Er ging iets mis, probeer het opnieuw of neem contact op voor hulp.',
  notFound: 'Deze pagina bestaat niet.',
} as const;

export function pathOverrideUpdateError(kind: string, detail: string): string {
  return `Fout bij updaten van padoverschrijving (${kind}): ${detail}`;
}

export function pathOverrideDeleteError(kind: string, detail: string): string {
  return `Fout bij verwijderen van padoverschrijving (${kind}): ${detail}`;
}

export function inviteSentText(email: string): string {
  return `Uitnodiging verzonden naar ${email}!`;
}

export function organizationUpdateErrorText(error: Pick<ApiErrorBody, 'statusCode' | 'detail'>): string {
  if (error.statusCode === 403) return ERROR_TEXTS.organizationUpdate.forbidden;
  if (error.detail === DETAILS.organizationNameTaken) return ERROR_TEXTS.organizationUpdate.nameTaken;
  if (error.detail === DETAILS.cannotUseEmailDomain) return ERROR_TEXTS.organizationUpdate.domain;
  return ERROR_TEXTS.organizationUpdate.other;
}

export function rolesErrorText(error: Pick<ApiErrorBody, 'detail'>): string {
  return error.detail === DETAILS.lastOwner ? ERROR_TEXTS.roles.lastOwner : ERROR_TEXTS.roles.other;
}

export function inviteErrorText(error: Pick<ApiErrorBody, 'detail'>): string {
  if (error.detail === DETAILS.alreadyMember) return INVITATION_LABELS.alreadyMember;
  return error.detail === DETAILS.invalidEmail ? ERROR_TEXTS.invite.invalidEmail : ERROR_TEXTS.invite.other;
}

export function applicationErrorText(error: Pick<ApiErrorBody, 'statusCode' | 'detail'> & { errors?: Record<string, string> }): string {
  if (error.detail === DETAILS.applicationNameTaken) return ERROR_TEXTS.application.nameTaken;
  if (error.statusCode === 422) return applicationInvalidText(error.errors ?? {});
  return ERROR_TEXTS.application.other;
}

/** The spec's text for missing fields, then each other refused field with its label and reason. */
export function applicationInvalidText(errors: Record<string, string>): string {
  // Messages that mean 'not filled in': only these earn the spec's summary text.
  const MISSING_MESSAGES: readonly string[] = [FIELD_ERRORS.required, APPLICATION_FIELD_ERRORS.ownerOrganization];
  const entries = Object.entries(errors);
  const missing = entries.length === 0 || entries.some(([, message]) => MISSING_MESSAGES.includes(message));
  const named = entries
    .filter(([, message]) => !MISSING_MESSAGES.includes(message))
    .map(([field, message]) => [APPLICATION_FIELD_LABELS[field] ?? field, message] as const);
  const detail =
    named.length === 1
      ? ERROR_TEXTS.application.checkField(named[0][0], named[0][1])
      : named.length > 1
        ? ERROR_TEXTS.application.checkFields(named.map(([label, message]) => `'${label}': ${message}`).join(' '))
        : '';
  return [missing ? ERROR_TEXTS.application.unprocessable : '', detail].filter(Boolean).join(' ');
}

/** The hub already drops https:// and a path. */
export const HOSTNAME_PROBLEMS = {
  scheme: "Laat het begin van het adres weg (zoals ftp://): vul alleen de naam van uw server in, bijvoorbeeld data.kwekerij.nl.",
  userinfo: 'Laat de gebruikersnaam en het @-teken weg: vul alleen de naam van uw server in, bijvoorbeeld data.kwekerij.nl.',
  characters: 'Een adres bestaat alleen uit letters, cijfers, punten en streepjes, zonder spaties. Bijvoorbeeld data.kwekerij.nl.',
  incomplete: "Vul het volledige adres in, met de extensie: bijvoorbeeld data.kwekerij.nl in plaats van 'data' of 'localhost'.",
  port: 'Het poortnummer achter de dubbele punt moet tussen 1 en 65535 liggen, bijvoorbeeld data.kwekerij.nl:8443.',
} as const;

export function datasourceCreateErrorText(error: Pick<ApiErrorBody, 'statusCode' | 'detail'>): string {
  if (error.detail === DETAILS.invalidHostname) return ERROR_TEXTS.datasourceCreate.invalidHostname;
  if (error.detail === DETAILS.privateHost) return ERROR_TEXTS.datasourceCreate.privateHost;
  if (error.detail === DETAILS.datasourceHostnameTaken) return ERROR_TEXTS.datasourceCreate.hostnameTaken;
  if (error.detail === DETAILS.datasourceNameTaken) return ERROR_TEXTS.datasourceCreate.nameTaken;
  if (error.statusCode === 422) return ERROR_TEXTS.datasourceCreate.unprocessable;
  return ERROR_TEXTS.datasourceCreate.other;
}

export function loginErrorText(error: Pick<ApiErrorBody, 'detail'>): string {
  switch (error.detail) {
    case DETAILS.invalidCredentials:
      return ERROR_TEXTS.login.invalidCredentials;
    case DETAILS.tooManyAttempts:
      return ERROR_TEXTS.login.tooManyAttempts;
    case SIGN_IN_LIMIT_DETAILS.accountCapped:
      return SIGN_IN_LIMIT_DETAILS.accountCapped;
    case DETAILS.signupDisabled:
      return ERROR_TEXTS.login.signupDisabled;
    case DETAILS.emailTaken:
      return ERROR_TEXTS.login.emailTaken;
    case DETAILS.csrf:
    case DETAILS.badOrigin:
      return ERROR_TEXTS.csrf;
    default:
      return ERROR_TEXTS.generic;
  }
}

export const FIELD_ERRORS = {
  required: 'Dit veld is verplicht.',
  maxLength: (max: number) => `Dit veld mag hoogstens ${max} tekens bevatten.`,
  minLength: (min: number) => `Dit veld moet minstens ${min} tekens bevatten.`,
  email: 'Vul een geldig e-mailadres in.',
  number: 'Vul een getal in.',
  invalid: 'Deze waarde is niet geldig.',
  unknownField: 'Dit veld is niet toegestaan.',
  kvkNumber: 'Een KvK-nummer bestaat uit hoogstens 8 cijfers.',
  domain: 'Vul een domeinnaam in, zoals kwekerij.nl.',
  domainFreeMail: 'Dit is het domein van een e-maildienst waar iedereen een adres kan krijgen. Gebruik het eigen domein van uw organisatie.',
  signupPassword: 'Dit is niet het wachtwoord dat u bij het registreren koos.',
  controlCharacters: 'Dit veld bevat tekens die niet zijn toegestaan (zoals regeleinden of stuurtekens).',
} as const;
