import { readFileSync } from 'node:fs';
import path from 'node:path';

export const FIXTURE_TTL_PATH = path.resolve(__dirname, '../../../../fixtures/voorbeeldkas.ttl');

export function readFixtureTurtle(): string {
  return readFileSync(FIXTURE_TTL_PATH, 'utf8');
}

export const CGO = 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#';

/** What the fixture lacks: uncategorised subjects, an ungranted category, blank nodes, two categories on one subject, language literals. */
export const EDGE_CASES_TTL = `
PREFIX : <http://example.org/kas/>
PREFIX cgo: <${CGO}>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>

:kas1 a cgo:VenloGreenhouse ; cgo:hasArea 12000 ; cgo:hasCategory "VenloGreenhouse" ;
  cgo:hasRoof :dak1 ; cgo:hasLabel "Kas één"@nl .
:dak1 a cgo:Roof ; cgo:hasSpanWidth 4.0 ; cgo:partOf :kas1 ; cgo:hasCategory "Roof", "Construction" .
:pomp1 a cgo:Pump ; cgo:partOf :kas1 ; cgo:hasCapacity [ cgo:hasNumericalValue 12.5 ; cgo:hasUnit "m3/h" ] ;
  cgo:hasCategory "Water" .
:zonderCategorie a cgo:Thing ; cgo:partOf :kas1 ; cgo:hasNumericalValue 7 .
[] a cgo:Measurement ; cgo:hasNumericalValue 3 ; cgo:hasCategory "Heating" .
:onbekend a cgo:Thing ; cgo:hasCategory "Onbekend" ; cgo:hasNumericalValue 9 .
:sensor1 a cgo:Sensor ; cgo:hasCategory "Heating" ; cgo:measures :dak1 ;
  cgo:installedOn "2024-03-01"^^xsd:date .
`;

export const SCOPE_SETS: string[][] = [
  ['Dataset.ReadAll'],
  ['Dataset.ReadWater'],
  ['Dataset.ReadConstruction'],
  ['Dataset.ReadHeating', 'Dataset.ReadConstruction'],
  ['Dataset.ReadGlass', 'Dataset.ReadCrop', 'Dataset.ReadOther'],
  ['Dataset.ReadRoof', 'Dataset.ReadVenloGreenhouse'],
  ['Dataset.ReadWater', 'Dataset.ReadAll'],
];
