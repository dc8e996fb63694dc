import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser, Store } from 'n3';
import SHACLValidator from 'rdf-validate-shacl';

const SHAPES = join(__dirname, '..', 'shapes');

/** The kept official shape sets (nest-api/shapes/README.md): SEMIC's DCAT-AP 3.0.0 and Geonovum's DCAT-AP-NL 3.0. */
export const SHAPE_SETS = {
  'DCAT-AP 3.0.0': ['dcat-ap-3.0.0/dcat-ap-SHACL.ttl'],
  'DCAT-AP-NL 3.0': [
    'dcat-ap-nl-3.0/dcat-ap-nl-SHACL.ttl',
    'dcat-ap-nl-3.0/dcat-ap-nl-SHACL-klassebereik.ttl',
    'dcat-ap-nl-3.0/dcat-ap-nl-SHACL-klassebereik-codelijsten.ttl',
  ],
  'DCAT-AP-NL 3.0 aanbevolen': ['dcat-ap-nl-3.0/dcat-ap-nl-SHACL-aanbevolen.ttl'],
} as const;

export function parseTurtle(text: string, baseIRI?: string): Store {
  return new Store(new Parser({ baseIRI }).parse(text));
}

const validators = new Map<string, SHACLValidator>();

function validator(set: keyof typeof SHAPE_SETS): SHACLValidator {
  let known = validators.get(set);
  if (!known) {
    const shapes = new Store();
    for (const file of SHAPE_SETS[set]) shapes.addQuads(new Parser().parse(readFileSync(join(SHAPES, file), 'utf8')));
    known = new SHACLValidator(shapes);
    validators.set(set, known);
  }
  return known;
}

export interface ShapeResult {
  severity: string;
  focusNode: string;
  path: string;
  message: string;
  shape: string;
}

/** Every result of validating `data` against one kept shape set. */
export async function validate(data: Store, set: keyof typeof SHAPE_SETS): Promise<ShapeResult[]> {
  const report = await validator(set).validate(data);
  return report.results.map((result) => ({
    severity: result.severity?.value.replace('http://www.w3.org/ns/shacl#', '') ?? '',
    focusNode: result.focusNode?.value ?? '',
    path: result.path?.value ?? '',
    message: result.message.map((m) => m.value).join(' '),
    shape: result.sourceShape?.value ?? '',
  }));
}
