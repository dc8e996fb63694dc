import { formatCount } from './format';

export const WORKBENCH_LABELS = {
  /** Rows and the time the query took, e.g. '12 rijen · 0,08 s'. */
  summaryLine: (rows: number, seconds: string) => `${formatCount(rows)} ${rows === 1 ? 'rij' : 'rijen'} · ${seconds} s`,
  /** Keyboard users scroll it after focusing it. */
  tableRegion: 'Resultaattabel (scrollbaar)',
  showJson: 'Toon JSON',
  hideJson: 'Verberg JSON',
  fullIri: (iri: string) => `Volledige IRI: ${iri}`,
  paging: 'Pagina’s van het resultaat',
  pageOf: (page: number, pages: number) => `Pagina ${page} van ${pages}`,
  previous: 'Vorige',
  next: 'Volgende',
  downloads: 'Downloaden',
  /** Semicolons and a byte-order mark: opens in columns in Dutch Excel. */
  downloadCsvExcel: 'CSV (Excel)',
  downloadCsv: 'CSV (standaard)',
  downloadTsv: 'TSV',
  /** The standard CSV says so in its name. */
  downloadName: (slug: string, date: string, format: 'excel' | 'csv' | 'tsv') =>
    `resultaten-${slug}-${date}${format === 'csv' ? '-standaard' : ''}.${format === 'tsv' ? 'tsv' : 'csv'}`,
  downloadFailed: 'Het downloaden van het resultaat is mislukt. Controleer de query en probeer het opnieuw.',
  parserMessage: 'Melding van de query-controle',
  contentsTitle: 'Wat zit erin',
  contentsIntro: (triples: number) => `${formatCount(triples)} triples die uw organisatie mag opvragen.`,
  categories: 'Categorieën',
  classes: 'Klassen',
  properties: 'Eigenschappen',
  subjects: (count: number) => `${formatCount(count)} ${count === 1 ? 'onderwerp' : 'onderwerpen'}`,
  uses: (count: number) => `${formatCount(count)}×`,
  contentsEmpty: 'Er is (nog) niets in deze dataset dat uw organisatie mag opvragen.',
  examplesTitle: 'Voorbeelden',
  examplesIntro: 'Kies een voorbeeld: het komt in het queryveld, klaar om op te vragen.',
  useExample: 'Gebruik',
  exampleAll: 'Vijf willekeurige triples',
  exampleClass: (name: string) => `Alle onderwerpen van klasse ${name}`,
  exampleProperty: (name: string) => `Waarden van eigenschap ${name}`,
  exampleCategory: (category: string) => `Onderwerpen in categorie ${category}`,
  exampleCounts: 'Aantal onderwerpen per klasse',
} as const;
