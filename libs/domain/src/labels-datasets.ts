import { formatCount } from './format';
import { BREADCRUMB_LABELS } from './labels-usability';

export const DATASET_LABELS = {
  noDatasourceRights:
    "U heeft onvoldoende rechten om databronnen te bekijken. Vraag de beheerder van uw organisatie om het recht 'databronnen beheren'.",
  datasources: {
    title: 'Databronnen',
    intro: 'De databronnen van uw organisatie: servers die datasets aan de hub aanbieden.',
    create: 'Nieuwe databron',
    createAzure: 'Nieuwe databron in de cloud',
    noHostname: 'domein is nog niet geregistreerd...',
    /** A data source without a host that dialled the hub. */
    connectedViaHub: 'verbonden via de hub',
    empty: 'Uw organisatie heeft nog geen databronnen.',
    owner: 'Eigenaar',
    manage: 'Beheren',
    manageLabel: (name: string) => `Databron ${name} beheren`,
    newKey: 'Nieuwe sleutel aanmaken',
    newKeyExplain:
      'Een nieuwe sleutel maakt de huidige meteen ongeldig: de databron kan pas weer met de hub praten als zij het nieuwe bestand met inloggegevens heeft.',
    newKeyDone: (name: string) => `Nieuwe sleutel voor databron ${name}`,
    newKeyInstall:
      'Vervang het bestand met inloggegevens van de databron door dit bestand (op een virtuele machine uit het stappenplan: /etc/datahub/credentials.json) en herstart de databron.',
    newKeyFailed: 'Er ging iets mis bij het aanmaken van een nieuwe sleutel, probeer opnieuw of neem contact op voor hulp.',
    delete: 'Databron verwijderen',
    deleteExplain: 'Verwijderen haalt de databron en al haar datasets uit de hub. Dit kan niet ongedaan worden gemaakt.',
    deleted: (name: string) => `Databron ${name} is verwijderd.`,
    deleteFailed: 'Er ging iets mis bij het verwijderen van de databron, probeer opnieuw of neem contact op voor hulp.',
  },
  datasourceCreate: {
    title: 'Databron aanmaken',
    azureTitle: 'Databron aanmaken in de cloud',
    intro: 'Registreer een server die datasets aan de hub aanbiedt.',
    azureIntro:
      'Maak een databron aan zonder hostnaam en draai de referentie-databron op een virtuele machine in een cloudportaal. De virtuele machine meldt haar adres zelf aan bij de hub.',
    name: 'Naam',
    hostname: 'Adres van uw server (optioneel)',
    hostnameHint:
      'De naam waarop de hub uw server bereikt, bijvoorbeeld data.kwekerij.nl of data.kwekerij.nl:8443. Een geplakt adres met https:// of een pad mag ook. Geen eigen server? Laat het leeg: de databron maakt dan zelf verbinding met de hub.',
    submit: 'Databron aanmaken',
    creating: 'Databron wordt aangemaakt…',
    created: (name: string) => `Databron ${name} is aangemaakt.`,
    secretOnce:
      'Download nu het bestand met de inloggegevens: het geheim wordt maar één keer getoond en is daarna niet meer op te vragen.',
    download: 'Download inloggegevens',
    cloudInit: 'Cloud-init configuratie',
    cloudInitHint: 'Plak deze configuratie als aangepaste gegevens (custom data) bij het aanmaken van de virtuele machine.',
    backToList: 'Terug naar databronnen',
    guideTitle: 'Stappenplan virtuele machine',
    guide: [
      'Log in op het cloudportaal en maak een nieuwe virtuele machine aan met Ubuntu als besturingssysteem.',
      'Kies als grootte Standard_B1s, of Standard_DS1 als u meer dan 1 GB aan data koppelt.',
      'Sta bij de netwerkinstellingen de inkomende poorten HTTP (80) en HTTPS (443) toe.',
      'Maak hieronder eerst de databron aan. Plak daarna de getoonde cloud-init configuratie bij "Geavanceerd" als aangepaste gegevens (custom data).',
      'Maak de virtuele machine aan. Geef daarna het publieke IP-adres als DNS-naamlabel de naam van de virtuele machine (Configuratie van het IP-adres); de databron is dan bereikbaar als {naam}.{regio}.cloudapp.azure.com en krijgt vanzelf een HTTPS-certificaat. Een eigen domeinnaam kan ook: zet die vóór het aanmaken in de cloud-init configuratie, bij /etc/datahub/hostname.',
      'Zet uw .ttl-bestanden in /var/lib/datahub/datasets en beschrijf ze in datasets.yaml in die map (file, name, about, contact, additional_info). De databron ziet nieuwe, gewijzigde en verwijderde bestanden vanzelf.',
      'Zodra de virtuele machine draait meldt de databron haar adres en datasets bij de hub aan; ze verschijnen onder Mijn datasets en gaan online zodra de hub de databron bereikt.',
    ],
  },
  datasets: {
    title: 'Datasets',
    searchLabel: 'Zoek dataset',
    searchPlaceholder: 'zoek dataset...',
    search: 'Zoeken',
    empty: 'Momenteel zijn er geen datasets online',
    noMatches: 'Er zijn geen datasets gevonden die aan de zoekopdracht voldoen.',
    unnamed: '(zonder naam)',
    loadMore: 'Meer laden',
    owner: 'Eigenaar',
    updated: (date: string) => `Bijgewerkt op ${date}`,
    categories: 'Categorieën',
    /** One chip instead of the same eight on every row. */
    allCategories: 'Alle categorieën',
  },
  myDatasets: {
    title: 'Mijn datasets',
    empty: 'Er zijn nog geen datasets aangemaakt.',
    status: 'Status',
  },
  manageDatasets: {
    title: 'Datasets beheren',
    datasourcesTitle: 'Databronnen',
    datasetsTitle: 'Alle datasets',
    empty: 'Er zijn nog geen datasets aangemaakt.',
  },
  dataset: {
    breadcrumb: BREADCRUMB_LABELS.label,
    about: 'Over de dataset',
    owner: 'Eigenaar',
    contact: 'Contact',
    additionalInfo: 'Aanvullende informatie',
    fileFormat: 'Bestandsformaat',
    size: 'Omvang',
    triples: (count: number) => `${formatCount(count)} ${count === 1 ? 'triple' : 'triples'}`,
    status: 'Status',
    others: (organization: string) => `Andere datasets van ${organization}`,
    notFoundTitle: 'Dataset niet gevonden',
    notFound: 'Deze dataset bestaat niet (meer) of u heeft geen toegang tot deze dataset.',
    backToList: 'Terug naar datasets',
  },
} as const;
