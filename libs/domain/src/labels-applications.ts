import { BREADCRUMB_LABELS } from './labels-usability';

export const APPLICATION_CATEGORIES = ['Kassenbouw', 'Gewas registratie', 'IPM'] as const;
export type ApplicationCategory = (typeof APPLICATION_CATEGORIES)[number];

export function isApplicationCategory(value: unknown): value is ApplicationCategory {
  return typeof value === 'string' && (APPLICATION_CATEGORIES as readonly string[]).includes(value);
}

export const APPLICATION_LIMITS = {
  nameMax: 100,
  urlMax: 500,
  logoMaxBytes: 512 * 1024,
  /** The column is numeric(12, 2). */
  priceMax: 9_999_999_999.99,
} as const;

const eur = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

export function formatPricePerYear(price: number | null | undefined): string {
  return price === null || price === undefined ? APPLICATION_LABELS.detail.onRequest : `${eur.format(price)} per jaar`;
}

export function characterCounter(count: number, max: number): string {
  return `${count} / ${max} tekens`;
}

export const APPLICATION_FIELD_ERRORS = {
  price: 'prijs per jaar moet in cijfers zijn',
  priceNegative: 'De prijs per jaar kan niet negatief zijn.',
  priceTooHigh: 'De prijs per jaar kan niet hoger zijn dan € 9.999.999.999,99.',
  ownerOrganization: 'Kies een eigenaar van de applicatie.',
  ownerOrganizationUnknown: 'Deze organisatie bestaat niet (meer).',
  category: 'Kies Kassenbouw, Gewas registratie of IPM, of geen categorie.',
  link: 'Vul een volledige link in, beginnend met https:// of http://.',
  licenceServer: 'De licentieserver moet een Fully Qualified Domain Name of IP adres zijn.',
  licenceServerInsecure: 'De licentieserver moet https gebruiken.',
  licenceServerPrivate: 'De licentieserver moet een publiek adres hebben.',
  datasource: 'Kies een databron van de eigenaar van de applicatie.',
  logoType: 'Het logo moet een PNG- of JPEG-afbeelding zijn.',
  logoSize: 'Het logo mag hoogstens 512 KB groot zijn.',
  logoMissing: 'Kies een afbeelding.',
} as const;

export const APPLICATION_LABELS = {
  catalogue: {
    title: 'Applicaties',
    heading: 'Alle applicaties',
    searchLabel: 'Zoek applicatie',
    searchPlaceholder: 'zoek applicatie...',
    search: 'Zoeken',
    empty: 'Momenteel zijn er geen applicaties online.',
    noMatches: 'Er zijn geen applicaties gevonden die aan de zoekopdracht voldoen.',
    loading: 'Applicaties laden...',
  },
  mine: {
    title: 'Mijn applicaties',
    organizationTitle: (organization: string) => (organization ? `Applicaties van ${organization}` : 'Applicaties'),
    empty: 'Deze organisatie heeft nog geen applicaties.',
    documentation: 'Lees in de documentatie hoe u een applicatie aanmeldt',
    documentationUrl: '/api/docs',
  },
  manage: {
    title: 'Applicaties beheren',
    create: 'Nieuwe applicatie',
    empty: 'Er zijn nog geen applicaties aangemaakt.',
  },
  detail: {
    breadcrumb: BREADCRUMB_LABELS.label,
    about: 'Over de applicatie',
    usage: 'Wat doet de applicatie?',
    price: 'Prijs',
    onRequest: 'Op aanvraag',
    category: 'Categorie',
    noCategory: 'Geen categorie',
    supplier: 'Leverancier',
    termsOfDelivery: 'Leveringsvoorwaarden',
    privacyStatement: 'Privacyverklaring',
    open: 'Naar applicatie',
    others: (organization: string) => `Andere applicaties van ${organization}`,
    notFoundTitle: 'Applicatie niet gevonden',
    notFound: 'Deze applicatie bestaat niet (meer).',
    backToList: 'Terug naar applicaties',
  },
  form: {
    createTitle: 'Applicatie aanmaken',
    editTitle: 'Applicatie bewerken',
    name: 'Naam',
    ownerOrganization: 'Eigenaar (organisatie)',
    chooseOrganization: 'Kies een organisatie',
    about: 'Over de applicatie',
    usage: 'Wat doet de applicatie?',
    category: 'Categorie',
    noCategory: 'Geen categorie',
    pricePerYear: 'Prijs per jaar (EUR)',
    pricePerYearHint: 'Leeg laten voor "Op aanvraag".',
    url: 'Link naar de applicatie',
    urlTermsOfDelivery: 'Link naar de leveringsvoorwaarden',
    urlPrivacyStatement: 'Link naar de privacyverklaring',
    urlLicenceServer: 'Licentieserver',
    urlLicenceServerHint: 'Optioneel: het adres van de licentieserver, bijvoorbeeld https://licenties.leverancier.nl. De hub haalt daar /licences op.',
    datasource: 'Databron',
    noDatasource: 'Geen databron',
    datasourceHint: 'Optioneel: een databron van de eigenaar die bij deze applicatie hoort.',
    create: 'Applicatie aanmaken',
    save: 'Opslaan',
    created: (name: string) => `Applicatie ${name} is aangemaakt.`,
    saved: 'Applicatie opgeslagen',
    backToList: 'Terug naar applicaties beheren',
  },
  remove: {
    button: 'Applicatie verwijderen',
    title: (name: string) => `Applicatie ${name} verwijderen?`,
    explain: 'Verwijderen haalt de applicatie en haar licenties uit de hub. Dit kan niet ongedaan worden gemaakt.',
    confirm: 'Ja, verwijderen',
    removed: (name: string) => `Applicatie ${name} is verwijderd.`,
  },
  pathOverrides: {
    title: 'Padoverschrijvingen van de databron',
    intro: 'Laat een veld leeg om het standaardpad van het Hub Protocol te gebruiken.',
    loading: 'Laden databron...',
    host: 'Host',
    dataset: 'Dataset',
    dataset_metadata: 'Dataset metadata',
    placeholders: { host: '{host}', dataset: '/datasets/{DATASET_ID}', dataset_metadata: '/datasets/{DATASET_ID}/metadata' },
    save: 'Padoverschrijvingen opslaan',
    reset: 'Alles terugzetten',
    saved: 'Padoverschrijvingen opgeslagen',
    datasourceOf: (name: string) => `Databron: ${name}`,
    forbidden: 'u heeft geen rechten om deze databron te beheren',
    forbiddenNote: "U heeft geen rechten om de padoverschrijvingen van deze databron te wijzigen. Daarvoor is het recht 'databronnen beheren' nodig.",
  },
  logo: {
    title: 'Logo',
    current: 'Huidig logo',
    none: 'Nog geen logo; de eerste twee letters van de naam worden getoond.',
    file: 'Afbeelding (PNG of JPEG, hoogstens 512 KB)',
    upload: 'Logo uploaden',
    remove: 'Logo verwijderen',
    uploaded: 'Logo opgeslagen',
    removed: 'Logo verwijderd',
    failed: 'Er ging iets mis met het opslaan van het logo, probeer opnieuw.',
  },
  licences: {
    expired: 'Verlopen',
  },
} as const;

/** By API name, as the error summary names them. */
export const APPLICATION_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: APPLICATION_LABELS.form.name,
  owner_organization: APPLICATION_LABELS.form.ownerOrganization,
  about: APPLICATION_LABELS.form.about,
  usage: APPLICATION_LABELS.form.usage,
  category: APPLICATION_LABELS.form.category,
  price_per_year: APPLICATION_LABELS.form.pricePerYear,
  url: APPLICATION_LABELS.form.url,
  url_terms_of_delivery: APPLICATION_LABELS.form.urlTermsOfDelivery,
  url_privacy_statement: APPLICATION_LABELS.form.urlPrivacyStatement,
  url_licence_server: APPLICATION_LABELS.form.urlLicenceServer,
  datasource_id: APPLICATION_LABELS.form.datasource,
};
