export const EDGE_TTL = `
PREFIX : <http://example.org/kas/>
PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
:kas1 a cgo:VenloGreenhouse ; cgo:hasArea 12000 ; cgo:hasCategory "VenloGreenhouse" .
:dak1 a cgo:Roof ; cgo:partOf :kas1 ; cgo:hasSpanWidth 4.0 ; cgo:hasCategory "Roof", "Construction" .
:pomp1 a cgo:Pump ; cgo:partOf :kas1 ; cgo:hasCapacity [ cgo:hasNumericalValue 12.5 ] ; cgo:hasCategory "Water" .
:zonder a cgo:Thing ; cgo:partOf :kas1 ; cgo:hasNumericalValue 7 .
:sensor1 a cgo:Sensor ; cgo:measures :dak1 ; cgo:hasNumericalValue 21.5 ; cgo:hasCategory "Heating" .
[] a cgo:Measurement ; cgo:hasNumericalValue 3 ; cgo:hasCategory "Heating" .
[] a cgo:Measurement ; cgo:hasNumericalValue 3 ; cgo:hasCategory "Heating" .
`;

export const PREFIXES = `PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
PREFIX sosa: <http://www.w3.org/ns/sosa/>
`;

export const QUERIES: { query: string; graph: boolean }[] = [
  { query: 'SELECT ?s ?type WHERE { ?s a ?type }', graph: false },
  { query: 'SELECT ?cat (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s cgo:hasCategory ?cat } GROUP BY ?cat', graph: false },
  { query: 'SELECT ?part ?whole ?loc WHERE { ?part cgo:partOf ?whole OPTIONAL { ?part cgo:hasHortispotLocation ?loc } }', graph: false },
  { query: 'SELECT ?s ?v WHERE { ?s cgo:hasNumericalValue ?v . ?s a ?t FILTER(?v > 10) }', graph: false },
  { query: 'ASK { ?s a cgo:Crop }', graph: false },
  { query: 'CONSTRUCT WHERE { ?s ?p ?o }', graph: true },
  { query: 'CONSTRUCT { ?s cgo:isPartOf ?o } WHERE { ?s cgo:partOf ?o }', graph: true },
].map(({ query, graph }) => ({ query: PREFIXES + query, graph }));

export const RUNAWAY = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o }';

export const SCOPE_SETS = [
  ['Dataset.ReadAll'],
  ['Dataset.ReadWater'],
  ['Dataset.ReadHeating', 'Dataset.ReadConstruction'],
  ['Dataset.ReadCrop', 'Dataset.ReadGlass', 'Dataset.ReadOther'],
  ['Dataset.ReadRoof', 'Dataset.ReadVenloGreenhouse'],
];
