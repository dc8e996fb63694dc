// `npm run bench:tables -w datasource-agent [-- --days 365 --columns 50]`: a year of 5-minute data suggested and converted, then a
// month as Excel; prints time, triples and peak memory.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writer } from 'n3';
import { readMapping } from './csvw';
import { convertTableFile } from './read';
import { suggestMapping } from './suggest';

const HEADERS = [
  'Kasluchttemperatuur (°C)', 'RV kas (%)', 'CO2 kas (ppm)', 'Buistemperatuur onder (°C)', 'Buistemperatuur boven (°C)',
  'EC drain (mS/cm)', 'pH drain', 'Drainpercentage (%)', 'Watergift (l/m2)', 'Energiescherm (%)', 'Verduisteringsscherm (%)',
  'Raamstand lijzijde (%)', 'Raamstand windzijde (%)', 'Buitentemperatuur (°C)', 'Globale straling (W/m2)', 'Windsnelheid (m/s)',
  'Stengeldikte (mm)', 'Planttemperatuur (°C)', 'WKK vermogen (kW)', 'Ketelwatertemperatuur (°C)',
];

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

function headers(columns: number): string[] {
  return Array.from({ length: columns }, (_, index) => (index < HEADERS.length ? HEADERS[index] : `${HEADERS[index % HEADERS.length].replace(' (', ` ${Math.floor(index / HEADERS.length) + 1} (`)}`));
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function* exportRows(days: number, columns: number): Generator<[string, string, number[]]> {
  const start = Date.UTC(2026, 0, 1);
  for (let minute = 0; minute < days * 24 * 60; minute += 5) {
    const wall = new Date(start + minute * 60_000);
    const values = Array.from({ length: columns }, (_, column) => Math.round((15 + 10 * Math.sin(minute / 720 + column)) * 10) / 10);
    yield [`${pad(wall.getUTCDate())}-${pad(wall.getUTCMonth() + 1)}-${wall.getUTCFullYear()}`, `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`, values];
  }
}

async function writeCsv(file: string, days: number, columns: number): Promise<void> {
  const out = createWriteStream(file);
  out.write(`Datum;Tijd;${headers(columns).join(';')}\n`);
  let index = 0;
  for (const [date, time, values] of exportRows(days, columns)) {
    index += 1;
    const cells = values.map((value, column) => ((index + column) % 997 === 0 ? '' : String(value).replace('.', ',')));
    if (!out.write(`${date};${time};${cells.join(';')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function writeExcel(file: string, days: number, columns: number): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Klimaat');
  sheet.addRow(['Datum', 'Tijd', ...headers(columns)]);
  for (const [date, time, values] of exportRows(days, columns)) sheet.addRow([date, time, ...values]);
  await workbook.xlsx.writeFile(file);
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);

async function measure(label: string, file: string) {
  peakRss = process.memoryUsage().rss;
  const started = performance.now();
  const { mapping } = await suggestMapping(file, path.basename(file));
  const suggestedMs = performance.now() - started;
  const writer = new Writer({ format: 'N-Triples' });
  let bytes = 0;
  const report = await convertTableFile(file, readMapping(mapping), 'urn:datahub:dataset:bench/', (q) => {
    bytes += writer.quadToString(q.subject, q.predicate, q.object).length;
  });
  const seconds = (performance.now() - started) / 1000;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const size = (await stat(file)).size;
  console.log(
    `${label}: ${report.rows} rows, ${(size / 1048576).toFixed(1)} MB; mapping suggested in ${suggestedMs.toFixed(0)} ms; ` +
      `${report.observations} observations, ${report.triples} triples (${(bytes / 1048576).toFixed(0)} MB N-Triples) in ${seconds.toFixed(1)} s ` +
      `(${Math.round(report.rows / seconds)} rows/s, ${Math.round(report.triples / seconds)} triples/s); peak RSS ${(peakRss / 1048576).toFixed(0)} MB`,
  );
}

async function main(): Promise<void> {
  const days = arg('days', 365);
  const columns = arg('columns', 50);
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-tables-'));
  try {
    const csv = path.join(dir, 'klimaat.csv');
    await writeCsv(csv, days, columns);
    await measure(`CSV, ${days} days of 5-minute data, ${columns} columns`, csv);
    const excelDays = Math.min(days, arg('excel-days', 31));
    const xlsx = path.join(dir, 'klimaat.xlsx');
    await writeExcel(xlsx, excelDays, columns);
    await measure(`Excel, ${excelDays} days, ${columns} columns`, xlsx);
  } finally {
    clearInterval(sampler);
    await rm(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
