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
