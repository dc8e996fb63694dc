/** The kept CGO SHACL shapes (shapes/cgo/README.md) and the hub's own cgo:hasCategory shape; read once per process. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser, type Quad } from 'n3';

export const SHAPES_VERSION = 'cgo@8c14c8b+hub@1';

const SHAPE_FILES = ['cgo/CGO_Shacl.shapes.ttl', 'cgo/CGO_ShaclNormalisedTime.shapes.ttl', 'hub/categories.shapes.ttl'];
const ONTOLOGY_FILE = 'cgo/CGO-v2.3.ttl';
const SH = 'http://www.w3.org/ns/shacl#';
const OWL_IMPORTS = 'http://www.w3.org/2002/07/owl#imports';
const SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';
/** SHACL-SPARQL (sh:sparql constraints, SPARQL targets) is beyond SHACL Core: left out (README). */
const LEFT_OUT = new Set([OWL_IMPORTS, `${SH}sparql`, `${SH}target`]);

/** src/quality or dist/quality → ../../shapes; next to cli.js in the installable bundle → ../shapes. */
export function shapesDir(): string {
  const candidates = [path.join(__dirname, '..', '..', 'shapes'), path.join(__dirname, '..', 'shapes')];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, ONTOLOGY_FILE)));
  if (!found) throw new Error(`the quality shapes are missing (looked in ${candidates.join(', ')})`);
  return found;
}

const parse = (file: string): Quad[] => new Parser().parse(readFileSync(path.join(shapesDir(), file), 'utf8'));

let kept: { shapes: Quad[]; hierarchy: Quad[] } | undefined;

/** The shapes graph, and the ontology's subclass hierarchy that targetClass/sh:class need in the data graph. */
export function qualityShapes(): { shapes: Quad[]; hierarchy: Quad[] } {
  kept ??= {
    shapes: SHAPE_FILES.flatMap(parse).filter((quad) => !LEFT_OUT.has(quad.predicate.value)),
    hierarchy: parse(ONTOLOGY_FILE).filter((quad) => quad.predicate.value === SUBCLASS_OF && quad.object.termType === 'NamedNode'),
  };
  return kept;
}
