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
