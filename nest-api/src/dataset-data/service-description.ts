import { SPARQL_PROTOCOL_TEXTS } from '@datahub/domain';
import { ANSWER_FORMATS } from './protocol-negotiation';

function literal(text: string): string {
  return JSON.stringify(text);
}

export function serviceDescription(endpoint: string, comment: string = SPARQL_PROTOCOL_TEXTS.description): string {
  const formats = Object.keys(ANSWER_FORMATS)
    .map((iri) => `<${iri}>`)
    .join(', ');
  return `@prefix sd: <http://www.w3.org/ns/sparql-service-description#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .

<${endpoint}> a sd:Service ;
  sd:endpoint <${endpoint}> ;
  sd:supportedLanguage sd:SPARQL11Query ;
  sd:resultFormat ${formats} ;
  rdfs:comment ${literal(comment)}@nl ;
  sd:defaultDataset [
    a sd:Dataset ;
    sd:defaultGraph [ a sd:Graph ; rdfs:comment ${literal(comment)}@nl ]
  ] .
`;
}
