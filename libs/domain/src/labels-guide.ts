export const DATASOURCE_STATUS_LABELS = {
  online: 'Online',
  offline: 'Offline',
  pending: 'Nog niet verbonden',
} as const;

export const DATASOURCE_DETAIL_LABELS = {
  status: 'Status',
  lastContact: 'Laatste contact',
  noContact: 'Nog geen contact',
  statusHint: {
    online: 'De hub bereikte de databron bij de laatste controle.',
    offline: 'De hub bereikte de databron niet bij de laatste controle. Controleer of de server draait en via HTTPS bereikbaar is.',
    pending: 'De databron heeft nog geen contact gehad met de hub. Volg de installatiestappen hieronder.',
  },
  datasetsTitle: 'Datasets van deze databron',
  datasetsEmpty: 'Deze databron heeft nog geen datasets aangemeld.',
  datasetName: 'Naam',
  datasetStatus: 'Status',
  datasetChecked: 'Laatst gecontroleerd',
  neverChecked: 'Nog niet gecontroleerd',
  /** The grower's way first: one file, no server, it dials the hub. */
  growerTitle: 'Zonder eigen server',
  growerIntro: 'Zo draait u de databron op uw eigen computer (Linux), zonder Node.js en zonder open poort: zij maakt zelf verbinding met de hub.',
  growerSteps: {
    download: 'Download de databron (één bestand):',
    credentials: 'Zet het bestand met inloggegevens dat u bij het aanmaken downloadde (datasource-credentials-….json) in dezelfde map.',
    start: 'Start de databron in die map:',
    /** Right after creating: the start line itself carries the key, no second download. */
    startWithKey: 'Start de databron in die map. In deze opdracht zit uw sleutel (alleen nu te zien); de databron bewaart hem zelf in datasource-credentials-….json naast zich, voor een volgende start.',
    page: 'Open de eenmalige link die de databron toont. Op die pagina zet u uw bestanden (CSV, Excel of Turtle), geeft u ze een naam en publiceert u ze.',
  },
  executableLink: 'datahub-databron-linux-x64 downloaden',
  executableStartLabel: 'Opdracht om de databron zonder eigen server te starten',
  installTitle: 'Installatie op uw eigen server',
  installIntro: 'Zo draait u de referentie-databron op een eigen server met Node.js 20 of nieuwer:',
  installSteps: {
    download: 'Zet het bestand met inloggegevens dat u bij het aanmaken downloadde (datasource-credentials-….json) op de server. Kwijt? Maak onder Databron beheren een nieuwe sleutel aan.',
    install: 'Installeer de databron met npm:',
    data: "Zet uw .ttl-bestanden in een map 'datasets' naast het bestand met inloggegevens en beschrijf ze in datasets.yaml in die map (file, name, about, contact, additional_info).",
    start: 'Start de databron in die map:',
    https: (hostname: string, port: number) =>
      `Maak de databron via HTTPS bereikbaar op ${hostname} (bijvoorbeeld met Caddy of nginx voor poort ${port}). De hub controleert de verbinding; de status staat op deze pagina.`,
    httpsNoHostname:
      'Maak de databron via HTTPS bereikbaar en start haar met --public-hostname gevolgd door uw domeinnaam: zij meldt dat adres dan zelf aan. De hub controleert de verbinding; de status staat op deze pagina.',
  },
  installCommandLabel: 'Installatieopdracht',
  /** The steps stay until the first contact, then behind this heading. */
  installAgain: 'Installatie-instructies',
  copy: 'Kopiëren',
  copied: 'Gekopieerd',
  copyFailed: 'Kopiëren lukte niet; selecteer de tekst en kopieer die zelf.',
  offlineNotice: (since: string) => `Deze databron is offline: de hub bereikt haar niet meer. Laatste contact: ${since}. Controleer of de server draait.`,
  backOnlineNotice: (since: string) => `Deze databron is weer online sinds ${since}.`,
  startCommandLabel: 'Startopdracht',
  secretGone: 'Het bestand met inloggegevens is al getoond. Kwijt? Maak hieronder een nieuwe sleutel aan.',
} as const;

/** The start page's welcome for someone who has not yet used the hub (ADR 0034). */
export const WELCOME_LABELS = {
  title: 'Welkom bij Datahub Tuinbouw',
  intro:
    'Hier delen tuinbouworganisaties hun data. Een organisatie biedt datasets aan via een databron en bepaalt met machtigingen welke andere organisatie welke categorieën mag lezen, en hoe lang. Applicaties gebruiken die data met toestemming.',
  stepsTitle: 'Zo begint u',
  dismiss: 'Niet meer tonen',
  dismissFailed: 'Het welkomstbericht kon niet worden verborgen, probeer het opnieuw.',
  steps: {
    admin: [
      { title: 'Bekijk de organisaties', text: 'Zie welke organisaties de hub gebruiken en wie er beheert.', href: '/organisaties' },
      { title: 'Beheer alle datasets', text: 'Alle databronnen en datasets van de hub op één plek, met hun status.', href: '/beheer-datasets' },
      { title: 'Volg het gebruik', text: 'Bezoeken, actieve organisaties en tevredenheid per week.', href: '/beheer-inzicht' },
    ],
    owner: [
      { title: 'Registreer een databron', text: 'Een server die uw datasets aan de hub aanbiedt; de stappen staan na het aanmaken klaar.', href: '/databronnen/aanmaken' },
      { title: 'Publiceer uw datasets', text: 'Zodra de databron draait verschijnen haar datasets onder Mijn datasets.', href: '/mijn-datasets' },
      { title: 'Geef een machtiging', text: 'Bepaal welke organisatie welke categorieën van een dataset mag lezen, en tot wanneer.', href: '/machtigingen/aanmaken' },
    ],
    member: [
      { title: 'Bekijk de datasets', text: 'Zoek op naam, beschrijving of organisatie in alle datasets die online zijn.', href: '/datasets' },
      { title: 'Vraag toegang aan', text: 'Op de pagina van een dataset vraagt u de eigenaar om een machtiging.', href: '/datasets' },
      { title: 'Ontdek de applicaties', text: 'Applicaties die met de data van de hub werken.', href: '/applicaties' },
    ],
  },
} as const;

/** Once per change. */
export const DATASOURCE_STATE_MAILS = {
  offline: ({ name, link }: { name: string; link: string }) => ({
    subject: `Databron ${name} is offline`,
    text: `De hub bereikt uw databron ${name} niet meer. Haar datasets staan zolang niet in de catalogus.\n\nControleer of de server draait en bereikbaar is. De status ziet u hier:\n${link}\n\nU krijgt opnieuw een bericht zodra de databron weer online is.`,
  }),
  online: ({ name, link }: { name: string; link: string }) => ({
    subject: `Databron ${name} is weer online`,
    text: `De hub bereikt uw databron ${name} weer. Haar datasets staan weer in de catalogus.\n\n${link}`,
  }),
} as const;
