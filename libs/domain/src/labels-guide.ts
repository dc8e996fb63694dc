/** Dutch texts of the pages that guide (issue 25 item 4): a data source's state and installation, the one-time secrets. */

export const DATASOURCE_STATUS_LABELS = {
  online: 'Online',
  offline: 'Offline',
  pending: 'Wacht op installatie',
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
  installTitle: 'Installatie op uw eigen server',
  installIntro: 'Zo draait u de referentie-databron op een eigen server met Node.js 20 of nieuwer:',
  installSteps: {
    download: 'Download hierboven het bestand met de inloggegevens en zet het op de server.',
    install: 'Installeer de databron met npm:',
    data: "Zet uw .ttl-bestanden in een map 'datasets' naast het bestand met inloggegevens en beschrijf ze in datasets.yaml in die map (file, name, about, contact, additional_info).",
    start: 'Start de databron in die map:',
    https: (hostname: string) =>
      `Maak de databron via HTTPS bereikbaar op ${hostname} (bijvoorbeeld met Caddy of nginx voor poort 8080). De hub controleert de verbinding; de status staat op deze pagina.`,
    httpsNoHostname:
      'Maak de databron via HTTPS bereikbaar en start haar met --public-hostname gevolgd door uw domeinnaam: zij meldt dat adres dan zelf aan. De hub controleert de verbinding; de status staat op deze pagina.',
  },
  installCommandLabel: 'Installatieopdracht',
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
