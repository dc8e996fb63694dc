// Demo data of 'Kwekerij Delta': a deterministic generated greenhouse (kas-delta.ttl), the example greenhouse and datasets.yaml.
// Usage: node dist/generate-greenhouse.js DIR [--scale 1] [--fixture path/to/data.ttl]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import YAML from 'yaml';

export const GREENHOUSE_FILE = 'kas-delta.ttl';
const FIXTURE_FILE = 'voorbeeldkas.ttl';

export const CATEGORIES = ['Construction', 'Water', 'Heating', 'Crop', 'Glass', 'Other', 'Roof', 'VenloGreenhouse'] as const;
type Category = (typeof CATEGORIES)[number];

interface GreenhouseOptions {
  /** 1 ≈ 130 000 triples. */
  scale?: number;
}

/** mulberry32, so every run writes the same file. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PREFIXES = `PREFIX : <https://data.kwekerij-delta.test/kas/>
PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
PREFIX sosa: <http://www.w3.org/ns/sosa/>
PREFIX om: <http://www.ontology-of-units-of-measure.org/resource/om-2/>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>

`;

class TurtleBuilder {
  readonly chunks: string[] = [PREFIXES];
  triples = 0;
  subjects = 0;
  readonly perCategory = new Map<Category, number>();

  subject(id: string, type: string, properties: [string, string | number | undefined][], categories: Category[]): void {
    const lines = [`    a ${type}`];
    let count = 1;
    for (const [predicate, object] of properties) {
      if (object === undefined) continue;
      lines.push(`    ${predicate} ${object}`);
      count += 1;
    }
    for (const category of categories) {
      lines.push(`    cgo:hasCategory "${category}"`);
      count += 1;
    }
    this.chunks.push(`:${id}\n${lines.join(' ;\n')} .\n\n`);
    this.triples += count;
    this.subjects += 1;
    for (const category of categories) this.perCategory.set(category, (this.perCategory.get(category) ?? 0) + count);
  }

  toString(): string {
    return this.chunks.join('');
  }
}

const decimal = (value: number, digits = 2) => value.toFixed(digits);
const text = (value: string) => JSON.stringify(value);
const dateTime = (date: Date) => `"${date.toISOString().slice(0, 19)}"^^xsd:dateTime`;
const dateOnly = (date: Date) => `"${date.toISOString().slice(0, 10)}"^^xsd:date`;

interface SensorKind {
  key: string;
  property: string;
  unit: string;
  category: Category;
  value: (hour: number, noise: number) => number;
}

const SENSOR_KINDS: SensorKind[] = [
  { key: 'temp', property: 'temperatuur', unit: 'graden Celsius', category: 'Heating', value: (h, n) => 21 + 6 * Math.sin(((h % 24) - 8) / 24 * 2 * Math.PI) + 3 * n },
  { key: 'rv', property: 'relatieve luchtvochtigheid', unit: 'procent', category: 'Other', value: (h, n) => 80 - 12 * Math.sin(((h % 24) - 8) / 24 * 2 * Math.PI) + 5 * n },
  { key: 'ec', property: 'EC drainwater', unit: 'mS/cm', category: 'Water', value: (_h, n) => 2.6 + 0.6 * n },
  { key: 'co2', property: 'CO2-concentratie', unit: 'ppm', category: 'Other', value: (h, n) => 650 + 250 * Math.cos(((h % 24) - 13) / 24 * 2 * Math.PI) + 60 * n },
  { key: 'buis', property: 'buistemperatuur', unit: 'graden Celsius', category: 'Heating', value: (h, n) => 45 + 10 * Math.cos(((h % 24) - 3) / 24 * 2 * Math.PI) + 4 * n },
];

const CROPS = ['tomaat', 'komkommer', 'paprika', 'aubergine'];

export function generateGreenhouse(options: GreenhouseOptions = {}): { turtle: string; triples: number; subjects: number; perCategory: Record<string, number> } {
  const scale = options.scale ?? 1;
  const rand = random(20_261_122);
  const noise = () => rand() * 2 - 1;
  const out = new TurtleBuilder();
  const GREENHOUSES = 4;
  const COMPARTMENTS = 6;
  const OBSERVATIONS = Math.max(1, Math.round(160 * scale));
  const start = Date.UTC(2025, 2, 1, 0, 0, 0);

  out.subject('bedrijf', 'cgo:Location', [
    ['cgo:hasName', text('Kwekerij Delta')],
    ['cgo:hasLongitude', decimal(4.2114, 4)],
    ['cgo:hasLatitude', decimal(51.9956, 4)],
    ['cgo:hasAltitude', decimal(-1.5, 1)],
  ], ['Other']);

  for (let g = 1; g <= GREENHOUSES; g += 1) {
    const kas = `kas${g}`;
    const width = 96 + 16 * g;
    const length = 120 + 8 * g;
    out.subject(kas, 'cgo:VenloGreenhouse', [
      ['cgo:hasName', text(`Kas ${g}`)],
      ['cgo:hasLocation', ':bedrijf'],
      ['cgo:hasWidth', `:${kas}-breedte`],
      ['cgo:hasLength', `:${kas}-lengte`],
      ['cgo:hasArea', decimal(width * length, 0)],
      ['cgo:hasOrientation', decimal(20.5 + g, 1)],
      ['cgo:hasBuildYear', String(1998 + 5 * g)],
    ], ['VenloGreenhouse', 'Construction']);
    out.subject(`${kas}-breedte`, 'om:Width', [['cgo:hasNumericalValue', decimal(width, 1)], ['cgo:hasUnit', text('meter')]], ['Construction']);
    out.subject(`${kas}-lengte`, 'om:Length', [['cgo:hasNumericalValue', decimal(length, 1)], ['cgo:hasUnit', text('meter')]], ['Construction']);
    out.subject(`${kas}-dak`, 'cgo:Roof', [
      ['cgo:partOf', `:${kas}`],
      ['cgo:hasSpanWidth', decimal(8, 1)],
      ['cgo:hasRoofType', text('Venlo-dek, 2 ruiten per kap')],
      ['cgo:hasVentilationWindows', String(40 * g)],
    ], ['Roof', 'VenloGreenhouse']);
    out.subject(`${kas}-ketel`, 'cgo:centralHeatingSystem', [
      ['cgo:partOf', `:${kas}`],
      ['cgo:hasCapacity', decimal(1.2 + 0.3 * g, 1)],
      ['cgo:hasUnit', text('MW')],
      ['cgo:hasFuel', text(g % 2 === 0 ? 'aardwarmte' : 'aardgas')],
    ], ['Heating', 'Construction']);
    out.subject(`${kas}-bassin`, 'cgo:WaterSystem', [
      ['cgo:partOf', `:${kas}`],
      ['cgo:hasCapacity', decimal(800 + 150 * g, 0)],
      ['cgo:hasUnit', text('kubieke meter')],
      ['cgo:hasPrimaryWaterSource', text('regenwater')],
      ['cgo:hasSecondaryWaterSource', text('omgekeerde osmose')],
    ], ['Water']);

    for (let c = 1; c <= COMPARTMENTS; c += 1) {
      const afd = `${kas}-afd${c}`;
      out.subject(afd, 'cgo:Compartment', [
        ['cgo:partOf', `:${kas}`],
        ['cgo:hasName', text(`Afdeling ${g}.${c}`)],
        ['cgo:hasArea', decimal((width * length) / COMPARTMENTS, 0)],
        ['cgo:hasGutterHeight', decimal(6 + 0.5 * g, 1)],
      ], ['Construction', 'VenloGreenhouse']);
      for (let k = 1; k <= 20; k += 1) {
        out.subject(`${afd}-kolom${k}`, 'cgo:Column', [
          ['cgo:partOf', `:${afd}`],
          ['cgo:hasHeight', decimal(6 + 0.5 * g, 1)],
          ['cgo:hasHortispotLocationX', decimal(4 * k + rand(), 1)],
          ['cgo:hasHortispotLocationY', decimal(12 * c + rand(), 1)],
        ], ['Construction']);
      }
      for (let p = 1; p <= 30; p += 1) {
        out.subject(`${afd}-glas${p}`, p % 3 === 0 ? 'cgo:DiffuseGlass' : 'cgo:Glass', [
          ['cgo:partOf', `:${kas}-dak`],
          ['cgo:hasLightTransmission', decimal(0.88 + 0.05 * rand(), 3)],
          ['cgo:hasHaze', p % 3 === 0 ? decimal(0.45 + 0.2 * rand(), 2) : undefined],
          ['cgo:hasCoating', p % 2 === 0 ? text('AR-coating') : undefined],
          ['cgo:hasInstallationDate', dateOnly(new Date(Date.UTC(2010 + ((g + p) % 12), (p % 12), 1 + (c % 27))))],
        ], ['Glass']);
      }
      for (let w = 1; w <= 10; w += 1) {
        out.subject(`${afd}-luchtraam${w}`, 'cgo:VentilationWindow', [
          ['cgo:partOf', `:${kas}-dak`],
          ['cgo:hasWidth', decimal(1.67, 2)],
          ['cgo:hasMaxOpeningAngle', decimal(40 + 5 * (w % 3), 0)],
          ['cgo:hasDrive', text(w % 2 === 0 ? 'tandheugel' : 'kabel')],
        ], ['Roof']);
      }
      for (let b = 1; b <= 8; b += 1) {
        out.subject(`${afd}-buis${b}`, 'cgo:heatingPipe', [
          ['cgo:partOf', `:${kas}-ketel`],
          ['cgo:hasDiameter', decimal(51, 0)],
          ['cgo:hasLength', decimal(length - 4, 1)],
          ['cgo:hasUnit', text('millimeter')],
        ], ['Heating', 'Construction']);
      }
      for (let d = 1; d <= 10; d += 1) {
        out.subject(`${afd}-druppel${d}`, 'cgo:DripLine', [
          ['cgo:partOf', `:${kas}-bassin`],
          ['cgo:hasFlowRate', decimal(2 + rand(), 2)],
          ['cgo:hasUnit', text('liter per uur')],
        ], ['Water']);
      }
      const crop = `${afd}-teelt`;
      const planted = new Date(start - (30 + 7 * c) * 86_400_000);
      const removed = c % 3 === 0 ? new Date(start + (200 + g) * 86_400_000) : undefined;
      out.subject(crop, 'cgo:Crop', [
        ['cgo:partOf', `:${afd}`],
        ['cgo:hasCropType', text(CROPS[(g + c) % CROPS.length])],
        ['cgo:hasVariety', text(`Delta-${String.fromCharCode(64 + c)}${g}`)],
        ['cgo:hasPlantingDate', dateTime(planted)],
        ['cgo:hasRemovalDate', removed ? dateTime(removed) : undefined],
        ['cgo:hasPlantDensity', decimal(2.5 + 0.1 * c, 2)],
      ], ['Crop']);
      for (let p = 1; p <= 20; p += 1) {
        const gone = rand() < 0.25 ? new Date(start + Math.floor(rand() * 90) * 86_400_000) : undefined;
        out.subject(`${crop}-plant${p}`, 'cgo:Plant', [
          ['cgo:partOf', `:${crop}`],
          ['cgo:hasPlantingDate', dateTime(planted)],
          ['cgo:hasRemovalDate', gone ? dateTime(gone) : undefined],
          ['cgo:hasHeight', decimal(120 + 80 * rand(), 1)],
        ], ['Crop']);
      }
      for (const kind of SENSOR_KINDS) {
        const sensor = `${afd}-sensor-${kind.key}`;
        out.subject(sensor, 'cgo:Sensor', [
          ['cgo:partOf', `:${afd}`],
          ['cgo:measures', text(kind.property)],
          ['cgo:hasUnit', text(kind.unit)],
          ['cgo:hasSerialNumber', text(`KD-${g}${c}-${kind.key.toUpperCase()}-${1000 + g * 100 + c}`)],
        ], [kind.category]);
        for (let o = 0; o < OBSERVATIONS; o += 1) {
          const hour = o * 2;
          out.subject(`${sensor}-meting${o}`, 'sosa:Observation', [
            ['sosa:madeBySensor', `:${sensor}`],
            ['sosa:hasFeatureOfInterest', `:${afd}`],
            ['sosa:resultTime', dateTime(new Date(start + hour * 3_600_000))],
            ['sosa:hasSimpleResult', decimal(kind.value(hour, noise()), 2)],
          ], [kind.category]);
        }
      }
    }
  }
  return { turtle: out.toString(), triples: out.triples, subjects: out.subjects, perCategory: Object.fromEntries(out.perCategory) };
}

function defaultFixturePath(): string {
  return path.resolve(__dirname, '..', '..', 'fixtures', FIXTURE_FILE);
}

interface DemoDataOptions extends GreenhouseOptions {
  fixturePath?: string;
}

interface DemoDataResult {
  dir: string;
  files: string[];
  triples: number;
}

export function writeDemoData(dir: string, options: DemoDataOptions = {}): DemoDataResult {
  mkdirSync(dir, { recursive: true });
  const generated = generateGreenhouse(options);
  writeFileSync(path.join(dir, GREENHOUSE_FILE), generated.turtle);
  const thousands = Math.round(generated.triples / 1000);
  const entries: Record<string, string>[] = [
    {
      file: GREENHOUSE_FILE,
      name: 'Kassencomplex Kwekerij Delta',
      about:
        'Constructie, glas, dak, verwarming, water, teelt en sensormetingen (temperatuur, luchtvochtigheid, EC, CO2 en buistemperatuur) van de vier Venlo-kassen van Kwekerij Delta.',
      contact: 'Kwekerij Delta, afdeling Teelt en Techniek – data@kwekerij-delta.test – 0174 123 456',
      additional_info: `Gegenereerde demodata: ruim ${thousands}.000 triples in de common greenhouse ontology (cgo). Elk onderwerp heeft een categorie (cgo:hasCategory); metingen elke twee uur vanaf 1 maart 2025.`,
    },
  ];
  const fixture = options.fixturePath ?? defaultFixturePath();
  writeFileSync(path.join(dir, FIXTURE_FILE), readFileSync(fixture));
  entries.push({
    file: FIXTURE_FILE,
    name: 'Voorbeeldkas Kwekerij Delta',
    about:
      'Eén Venlo-kas van Kwekerij Delta in het klein: constructie, dak, glas, verwarming, water, teelt en een paar metingen, als sjabloon voor eigen datasets.',
    contact: 'Kwekerij Delta, Jan de Vries – jan.devries@kwekerij-delta.test',
    additional_info: 'Klein en overzichtelijk (130 triples, elke categorie); geschikt om SPARQL-query’s uit te proberen.',
  });
  const yaml = `# Datasets van Kwekerij Delta (demo), geschreven door generate-greenhouse.\n${YAML.stringify({ datasets: entries }, { lineWidth: 0 })}`;
  writeFileSync(path.join(dir, 'datasets.yaml'), yaml);
  return { dir, files: [GREENHOUSE_FILE, FIXTURE_FILE], triples: generated.triples };
}

function main(): void {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { scale: { type: 'string' }, fixture: { type: 'string' } },
  });
  const dir = positionals[0];
  if (!dir) {
    process.stderr.write('Usage: generate-greenhouse DIR [--scale 1] [--fixture path/to/data.ttl]\n');
    process.exit(2);
  }
  const scale = values.scale === undefined ? 1 : Number(values.scale);
  if (!(scale > 0)) throw new Error('--scale must be a positive number');
  const result = writeDemoData(path.resolve(dir), { scale, ...(values.fixture ? { fixturePath: values.fixture } : {}) });
  process.stdout.write(`wrote ${result.files.join(', ')} and datasets.yaml to ${result.dir} (${result.triples} generated triples)\n`);
}

if (require.main === module) main();
