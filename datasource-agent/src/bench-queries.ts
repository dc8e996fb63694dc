const PREFIXES = `PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
PREFIX sosa: <http://www.w3.org/ns/sosa/>
`;

export const BENCH_QUERIES = [
  {
    name: '3-pattern join + FILTER',
    sparql: `${PREFIXES}SELECT ?obs ?sensor ?value WHERE {
  ?obs sosa:madeBySensor ?sensor .
  ?obs sosa:hasSimpleResult ?value .
  ?sensor cgo:measures "temperatuur" .
  FILTER(?value > 25)
}`,
  },
  {
    name: 'GROUP BY aggregate',
    sparql: `${PREFIXES}SELECT ?sensor (COUNT(?obs) AS ?n) (AVG(?value) AS ?avg) (MAX(?value) AS ?max) WHERE {
  ?obs sosa:madeBySensor ?sensor ; sosa:hasSimpleResult ?value .
} GROUP BY ?sensor`,
  },
  {
    name: 'OPTIONAL',
    sparql: `${PREFIXES}SELECT ?plant ?crop ?removed WHERE {
  ?plant a cgo:Plant ; cgo:partOf ?crop .
  OPTIONAL { ?plant cgo:hasRemovalDate ?removed }
}`,
  },
];
