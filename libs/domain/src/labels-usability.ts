export const CONFIRM_LABELS = {
  cancel: 'Annuleren',
  confirming: 'Bezig...',
  pageTitle: 'Bevestigen',
  typeMismatch: 'Het ingevulde e-mailadres is niet uw e-mailadres. Er is niets verwijderd.',
  removeUser: {
    title: (name: string) => `${name} verwijderen?`,
    description: (name: string) =>
      `${name} wordt uit de organisatie verwijderd en verliest direct alle rechten binnen de organisatie. Het account blijft bestaan, in een eigen persoonlijke organisatie.`,
    confirm: 'Ja, verwijderen',
  },
  deleteAccount: {
    title: 'Uw account verwijderen?',
    description:
      'Uw account wordt definitief verwijderd en u wordt direct uitgelogd. Dit kan niet ongedaan worden gemaakt.',
    emailLabel: 'Typ uw e-mailadres om te bevestigen',
    confirm: 'Account definitief verwijderen',
  },
  deleteDatasource: {
    title: (name: string) => `Databron ${name} verwijderen?`,
    confirm: 'Ja, databron verwijderen',
  },
  newKey: {
    title: (name: string) => `Nieuwe sleutel voor databron ${name}?`,
    confirm: 'Ja, nieuwe sleutel aanmaken',
  },
  revokeInvitation: {
    title: (email: string) => `Uitnodiging voor ${email} intrekken?`,
    description: (email: string) =>
      `De link in de uitnodiging aan ${email} werkt daarna niet meer. U kunt later een nieuwe uitnodiging sturen.`,
    confirm: 'Ja, intrekken',
  },
  notFound: 'Wat u wilt bevestigen bestaat niet (meer).',
} as const;

export const DATASOURCE_PAGE_LABELS = {
  title: 'Databron',
  view: (name: string) => `Databron ${name} bekijken`,
  hostname: 'Hostnaam',
  owner: 'Eigenaar',
  manageTitle: 'Beheren',
  readOnly: 'U kunt deze databron alleen bekijken.',
  backToList: 'Terug naar databronnen',
  backToAdmin: 'Terug naar beheer datasets',
} as const;

export const INVITATION_LABELS = {
  alreadyMember: 'Dit e-mailadres hoort al bij een gebruiker van uw organisatie. Er is geen uitnodiging verzonden.',
  /** The inviter is told nothing. */
  existingAccountMailNote: (organization: string) =>
    `U heeft al een account op Datahub Tuinbouw. Log in en accepteer de uitnodiging: uw account stapt dan over naar ${organization} en de permissies in uw huidige organisatie vervallen.`,
  pendingTitle: 'Openstaande uitnodigingen',
  pendingEmpty: 'Er staan geen uitnodigingen open.',
  email: 'E-mailadres',
  sent: 'Verzonden',
  expires: 'Verloopt',
  actions: 'Acties',
  revoke: 'Intrekken',
  revokeLabel: (email: string) => `Uitnodiging voor ${email} intrekken`,
  revoked: (email: string) => `De uitnodiging voor ${email} is ingetrokken.`,
  revokeFailed: 'Er ging iets mis met het intrekken van de uitnodiging, probeer opnieuw.',
  resend: 'Opnieuw versturen',
  resendLabel: (email: string) => `Uitnodiging voor ${email} opnieuw versturen`,
  resent: (email: string) => `Uitnodiging opnieuw verzonden naar ${email}! De nieuwe link is 7 dagen geldig; de oude werkt niet meer.`,
  resendFailed: 'Er ging iets mis met het opnieuw versturen van de uitnodiging, probeer opnieuw.',
} as const;

export const LIST_COLUMN_LABELS = {
  name: 'Naam',
  email: 'E-mailadres',
  hostname: 'Hostnaam',
  owner: 'Eigenaar',
  status: 'Status',
  actions: 'Acties',
} as const;

export const BREADCRUMB_LABELS = {
  label: 'Kruimelpad',
} as const;

/** By the start of their path; menu pages use their menu label. */
export const SECTION_TITLES: readonly { prefix: string; label: string }[] = [
  { prefix: '/databron/', label: 'Databronnen' },
  { prefix: '/dataset/', label: 'Datasets' },
  { prefix: '/gebruiker/', label: 'Gebruikers' },
  { prefix: '/gebruikers/', label: 'Gebruikers' },
  { prefix: '/organisatie/', label: 'Organisaties' },
  { prefix: '/applicatie/', label: 'Applicaties' },
  { prefix: '/machtiging', label: 'Machtigingen' },
];
export const HOME_SECTION_TITLE = 'Start';
