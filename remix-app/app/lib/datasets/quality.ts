import type { components } from '@datahub/api-client';
import { KNOWN_CATEGORIES } from '@datahub/domain';

export type DatasetQuality = components['schemas']['DatasetQualityView'];
export type QualityFindings = components['schemas']['DatasetQualityFindingsView'];
export type QualityFinding = components['schemas']['QualityFindingView'];

export const QUALITY_LABELS = {
  line: 'Kwaliteit',
  conforms: 'Voldoet aan de kasontologie',
  deviations: (n: number) => (n === 1 ? '1 afwijking' : `${n} afwijkingen`),
  filterLabel: 'Filter op kwaliteit',
  filterAll: 'Alle datasets',
  filterConforms: 'Voldoet aan de kasontologie',
  filterDeviations: 'Met afwijkingen',
  findingsTitle: 'Kwaliteit tegen de kasontologie',
  findingsIntro: (checkedAt: string) =>
    `Uw gegevensbron controleerde deze dataset op ${checkedAt} tegen de vormen (SHACL) van de Common Greenhouse Ontology en tegen de categorieën van de hub. Alleen uw organisatie ziet deze bevindingen; anderen zien alleen het aantal afwijkingen.`,
  findingsNone: 'Er zijn geen afwijkingen gevonden.',
  findingsMore: 'Alleen de 50 grootste groepen staan hier; los deze eerst op.',
  whatToDo: 'Wat te doen',
  examples: 'Bijvoorbeeld',
  times: (n: number) => (n === 1 ? '1 keer' : `${n} keer`),
  severity: { Violation: 'Fout', Warning: 'Waarschuwing', Info: 'Opmerking' } as Record<string, string>,
} as const;

export const QUALITY_FILTERS = { voldoet: 'conforms', afwijkingen: 'deviations' } as const;
export type QualityFilterParam = keyof typeof QUALITY_FILTERS;

export function qualityFilter(request: Request): QualityFilterParam | null {
  const asked = new URL(request.url).searchParams.get('kwaliteit');
  return asked === 'voldoet' || asked === 'afwijkingen' ? asked : null;
}

export function qualityLine(quality: DatasetQuality | null | undefined): { conforms: boolean; text: string } | null {
  if (!quality) return null;
  const deviations = quality.violations + quality.warnings;
  return quality.conforms || deviations === 0 ? { conforms: true, text: QUALITY_LABELS.conforms } : { conforms: false, text: QUALITY_LABELS.deviations(deviations) };
}

const PREFIXES: [string, string][] = [
  ['https://www.tno.nl/agrifood/shacl/common-greenhouse-ontology#', ''],
  ['https://datahub-tuinbouw.nl/shapes/hub#', ''],
  ['https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#', 'cgo:'],
  ['http://www.w3.org/ns/sosa/', 'sosa:'],
  ['http://www.ontology-of-units-of-measure.org/resource/om-2/', 'om:'],
  ['http://www.w3.org/2001/XMLSchema#', 'xsd:'],
  ['http://www.w3.org/2006/time#', 'time:'],
  ['http://www.w3.org/ns/shacl#', 'sh:'],
];

/** As in Turtle (cgo:partOf); a shape by its name. */
export function shortIri(iri: string | null): string {
  if (!iri) return '';
  for (const [namespace, prefix] of PREFIXES) if (iri.startsWith(namespace)) return `${prefix}${iri.slice(namespace.length)}`;
  return iri;
}

/** 'AntiInsectNetShape' → 'cgo:AntiInsectNet'; the hub's category shape → every subject. */
function subjectOf(shape: string): string {
  const name = shortIri(shape);
  if (name === 'CategoryShape') return 'elk onderwerp met cgo:hasCategory';
  return `elk onderwerp van het type cgo:${name.replace(/Shape$|Shacl$/, '')}`;
}

export function explainFinding(finding: QualityFinding): { problem: string; action: string } {
  const path = shortIri(finding.path) || 'de waarde';
  const expected = finding.expected ?? '';
  const subject = subjectOf(finding.shape);
  switch (finding.constraint) {
    case 'MinCountConstraintComponent':
      return { problem: `${path} ontbreekt`, action: `Geef ${subject} minstens ${expected || 1} waarde voor ${path}.` };
    case 'MaxCountConstraintComponent':
      return { problem: `${path} komt te vaak voor`, action: `Geef ${subject} hoogstens ${expected || 1} waarde voor ${path}; verwijder de overige.` };
    case 'ClassConstraintComponent':
      return { problem: `${path} verwijst naar iets dat geen ${shortIri(expected)} is`, action: `Laat ${path} verwijzen naar een onderwerp met het type ${shortIri(expected)} (a ${shortIri(expected)}), of geef het onderwerp waarnaar verwezen wordt dat type.` };
    case 'NodeKindConstraintComponent':
      return { problem: `${path} is geen verwijzing (IRI)`, action: `Vervang de tekst of het getal bij ${path} door een verwijzing (IRI) naar een onderwerp dat de waarde beschrijft.` };
    case 'DatatypeConstraintComponent':
      return { problem: `${path} heeft niet het gegevenstype ${shortIri(expected)}`, action: `Schrijf de waarde van ${path} als ${shortIri(expected)}, bijvoorbeeld "12.5"^^${shortIri(expected)}.` };
    case 'InConstraintComponent':
      return finding.path?.endsWith('#hasCategory')
        ? { problem: 'cgo:hasCategory heeft een waarde die de hub niet kent', action: `Gebruik voor cgo:hasCategory alleen een van deze waarden: ${KNOWN_CATEGORIES.join(', ')}.` }
        : { problem: `${path} heeft een waarde buiten de toegestane lijst`, action: `Gebruik voor ${path} een van: ${expected}.` };
    case 'PatternConstraintComponent':
      return { problem: `${path} heeft niet de verwachte vorm`, action: path === 'sosa:resultTime' ? 'Rond de tijdstippen af op 5 minuten (bijvoorbeeld 2025-03-01T10:05:00).' : `Pas de waarde van ${path} aan zodat die past bij het patroon ${expected}.` };
    case 'MinInclusiveConstraintComponent':
    case 'MaxInclusiveConstraintComponent':
      return { problem: `${path} valt buiten het toegestane bereik`, action: `Controleer de waarde van ${path}; die valt buiten het bereik dat de kasontologie toestaat.` };
    default:
      return { problem: `${path} voldoet niet aan ${shortIri(finding.shape)}`, action: `Zie de vorm ${shortIri(finding.shape)} in de kasontologie (${finding.constraint}).` };
  }
}
