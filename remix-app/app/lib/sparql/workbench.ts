/** Each dataset FROM NAMED, its graph named in the answer. */
export function exampleQuery(iris: string[]): string {
  return `SELECT ?graaf ?s ?p ?o\n${iris.map((iri) => `FROM NAMED <${iri}>`).join('\n')}\nWHERE {\n  GRAPH ?graaf { ?s ?p ?o }\n}\nLIMIT 100`;
}
