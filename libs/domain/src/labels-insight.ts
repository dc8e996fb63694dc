/** Strictly necessary itself: it only remembers the choice. */
export const CONSENT_COOKIE = 'datahub_consent';
export type ConsentChoice = 'alle' | 'noodzakelijk';
/** Sent only when the visitor accepted usage statistics and the browser asks for neither Do-Not-Track nor Global Privacy Control. */
export const USAGE_CONSENT_HEADER = 'x-datahub-usage-consent';

/** Names and e-mail addresses are never part of an event. */
export const USAGE_EVENT_KINDS = ['VISIT', 'PAGE_VIEW', 'DATASET_QUERIED', 'XML_DOWNLOADED', 'AUTHORISATION_GRANTED', 'AUTHORISATION_REVOKED', 'INVITATION_SENT'] as const;
export type UsageEventKind = (typeof USAGE_EVENT_KINDS)[number];

export const CONSENT_LABELS = {
  title: 'Cookies en gebruiksstatistieken',
  text:
    'Wij gebruiken noodzakelijke cookies om u ingelogd te houden en formulieren te beveiligen. Met uw toestemming tellen wij ook, binnen het portaal zelf, welke pagina’s en datasets worden gebruikt. Er gaan geen namen of e-mailadressen naar derden.',
  necessaryOnly: 'Alleen noodzakelijk',
  accept: 'Accepteren',
  profileTitle: 'Cookies en gebruiksstatistieken',
  profileCurrentAll: 'U heeft toestemming gegeven voor gebruiksstatistieken.',
  profileCurrentNecessary: 'U gebruikt alleen noodzakelijke cookies.',
  profileSignal: 'Uw browser vraagt om niet gevolgd te worden (Do Not Track of Global Privacy Control); wij slaan daarom geen gebruiksgegevens op.',
  saved: 'Uw keuze is opgeslagen.',
} as const;

export const INSIGHT_LABELS = {
  title: 'Inzicht',
  intro: 'Gebruik van het portaal, alleen geteld bij gebruikers die toestemming gaven.',
  period: 'Periode',
  periods: { '7': 'Laatste 7 dagen', '30': 'Laatste 30 dagen', '90': 'Laatste 90 dagen', '365': 'Laatste 365 dagen' } as Record<string, string>,
  show: 'Tonen',
  exportCsv: 'Exporteren als CSV',
  visitsPerDay: 'Bezoeken per dag',
  activePerWeek: 'Actieve gebruikers en organisaties per week',
  topDatasets: 'Meest bekeken datasets',
  topApplications: 'Meest bekeken applicaties',
  datasetUse: 'SPARQL-query’s en downloads per dataset',
  satisfaction: 'Tevredenheid',
  day: 'Dag',
  week: 'Week',
  visits: 'Bezoeken',
  users: 'Gebruikers',
  organizations: 'Organisaties',
  dataset: 'Dataset',
  application: 'Applicatie',
  views: 'Weergaven',
  queries: 'Query’s',
  downloads: 'Downloads',
  score: 'Score',
  count: 'Aantal',
  empty: 'Nog geen gegevens in deze periode.',
  ownCounts: 'Gebruik van uw datasets (laatste 30 dagen)',
  ownCountsEmpty: 'Nog geen query’s of downloads geteld.',
} as const;

export const SUPPORT_KINDS = { vraag: 'Vraag', probleem: 'Probleem', idee: 'Idee' } as const;
export type SupportKind = keyof typeof SUPPORT_KINDS;

export const SUPPORT_LIMITS = { attachments: 3, attachmentMaxBytes: 5 * 1024 * 1024, summaryMax: 200, descriptionMax: 5000, perUserPerHour: 5 } as const;

export const SUPPORT_LABELS = {
  entry: 'Hulp & feedback',
  title: 'Hulp & feedback',
  intro: 'Stel een vraag, meld een probleem of deel een idee. Wij antwoorden per e-mail.',
  kind: 'Soort verzoek',
  summary: 'Samenvatting',
  description: 'Beschrijving',
  attachments: 'Bijlagen (maximaal 3; afbeeldingen of PDF, elk maximaal 5 MB)',
  email: 'E-mailadres',
  organization: 'Organisatie',
  submit: 'Versturen',
  close: 'Sluiten',
  thanksTitle: 'Bedankt voor uw bericht',
  thanksText: 'Wij hebben uw verzoek ontvangen en nemen zo snel mogelijk contact met u op.',
  again: 'Nog een verzoek sturen',
  adminTitle: 'Hulpverzoeken',
  adminEmpty: 'Er zijn nog geen hulpverzoeken.',
  status: 'Status',
  statuses: { open: 'Open', closed: 'Gesloten' } as Record<string, string>,
  closeRequest: 'Sluiten',
  reopenRequest: 'Heropenen',
  statusSaved: 'Status opgeslagen.',
  received: 'Ontvangen',
  from: 'Van',
  download: (name: string) => `${name} downloaden`,
} as const;

export const SUPPORT_FIELD_ERRORS = {
  kind: 'Kies een soort verzoek.',
  summary: 'Vul een samenvatting in (maximaal 200 tekens).',
  description: 'Vul een beschrijving in (maximaal 5000 tekens).',
  tooMany: 'U kunt maximaal 3 bijlagen toevoegen.',
  tooLarge: 'Een bijlage mag maximaal 5 MB groot zijn.',
  type: 'Een bijlage moet een afbeelding (PNG, JPEG, GIF of WebP) of een PDF zijn.',
} as const;

export const RATING_LABELS = {
  question: 'Hoe tevreden bent u over het datahub-portaal?',
  score: (n: number, max: number) => `${n} van ${max}`,
  comment: 'Toelichting (optioneel)',
  submit: 'Beoordeling versturen',
  dismiss: 'Niet nu',
  close: 'Sluiten',
  thanks: 'Bedankt voor uw beoordeling!',
  profileTitle: 'Beoordeel het portaal',
  scoreError: (max: number) => `Kies een score van 1 tot en met ${max}.`,
  commentError: 'De toelichting mag maximaal 1000 tekens zijn.',
} as const;
