import { describe, expect, it } from 'vitest';
import { guardQuery } from './guard';
import { isSparqlError, type SparqlError } from './errors';

function refusal(text: string): SparqlError {
  try {
    guardQuery(text);
  } catch (error) {
    if (isSparqlError(error)) return error;
    throw error;
  }
  throw new Error('the query was accepted');
}

describe('syntax errors carry where the query stops parsing', () => {
  it('names line and column of the unexpected token (1-based)', () => {
    const error = refusal('SELECT ?s WHERE {\n  ?s ?p ?o .\n  FILTER(?x = ) }');
    expect(error.reason).toBe('syntax_error');
    expect(error.position).toEqual({ line: 3, column: 15, found: ')' });
  });

  it('says the text ended too early', () => {
    expect(refusal('SELECT ?s WHERE { ?s ?p ?o').position).toMatchObject({ line: 1, found: '' });
  });

  it('finds an unknown prefix where it is used, not in a PREFIX line', () => {
    const error = refusal('PREFIX ex: <urn:ex:>\nSELECT ?s WHERE {\n  ?s foo:p ?o }');
    expect(error.position).toEqual({ line: 3, column: 6, found: 'foo:' });
  });
});

describe('issue 37: a syntax error says what and where, whatever kind it is', () => {
  it('names the whole misspelt word, not its first letter', () => {
    expect(refusal('SELECT * WHERE { ?s ?p ?o }\nLIMT 5').position).toEqual({ line: 2, column: 1, found: 'LIMT' });
    expect(refusal('SELEC * WHERE { ?s ?p ?o }').position).toEqual({ line: 1, column: 1, found: 'SELEC' });
  });

  it('places a variable selected but not grouped (a rule sparqljs checks after parsing, without a location)', () => {
    const error = refusal('SELECT ?s (COUNT(?o) AS ?n)\nWHERE { ?s ?p ?o }');
    expect(error.reason).toBe('syntax_error');
    expect(error.position).toEqual({ line: 1, column: 8, found: '?s', problem: { kind: 'ungrouped_variable', variable: '?s' } });
  });

  it('places a column name used twice at its second AS, and a BIND to a bound variable at its AS', () => {
    expect(refusal('SELECT ?a\n  (1 AS ?a) WHERE { ?a ?b ?c }').position).toEqual({ line: 2, column: 9, found: '?a', problem: { kind: 'duplicate_column', variable: '?a' } });
    expect(refusal('SELECT * WHERE {\n  ?s ?p ?o\n  BIND(1 AS ?o) }').position).toEqual({ line: 3, column: 13, found: '?o', problem: { kind: 'variable_bound_twice', variable: '?o' } });
  });

  it('places VALUES rows of the wrong length at VALUES', () => {
    expect(refusal('SELECT * WHERE {\n VALUES (?a ?b) { (1) } }').position).toEqual({ line: 2, column: 2, found: 'VALUES', problem: { kind: 'values_length', variable: '' } });
  });
});
