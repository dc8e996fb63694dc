/** Normalised to what in-memory mode answers (`typed-literal` → `literal`, skolem IRIs → blank nodes). */
import type { ResultsFormat } from '@datahub/sparql';
import type { RawBinding, RawTerm } from './json-results-reader';
import { blankLabel } from './turtle-stream';

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';

export function normaliseTerm(term: RawTerm): RawTerm {
  if (term.type === 'uri') {
    const label = blankLabel(term.value);
    return label === undefined ? { type: 'uri', value: term.value } : { type: 'bnode', value: label };
  }
  if (term.type === 'bnode') return { type: 'bnode', value: term.value.replace(/^nodeID:\/\//, '').replace(/[^A-Za-z0-9]/g, '_') };
  const result: RawTerm = { type: 'literal', value: term.value };
  if (term['xml:lang']) result['xml:lang'] = term['xml:lang'];
  else if (term.datatype && term.datatype !== XSD_STRING) result.datatype = term.datatype;
  return result;
}

export function normaliseBinding(binding: RawBinding): RawBinding {
  const result: RawBinding = {};
  for (const [name, term] of Object.entries(binding)) result[name] = normaliseTerm(term);
  return result;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function xmlTerm(term: RawTerm): string {
  if (term.type === 'uri') return `<uri>${xml(term.value)}</uri>`;
  if (term.type === 'bnode') return `<bnode>${xml(term.value)}</bnode>`;
  const attributes = term['xml:lang'] ? ` xml:lang="${xml(term['xml:lang'])}"` : term.datatype ? ` datatype="${xml(term.datatype)}"` : '';
  return `<literal${attributes}>${xml(term.value)}</literal>`;
}

function csvValue(term: RawTerm | undefined): string {
  if (!term) return '';
  const text = term.type === 'bnode' ? `_:${term.value}` : term.value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const escapeLiteral = (text: string) => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');

function tsvValue(term: RawTerm | undefined): string {
  if (!term) return '';
  if (term.type === 'uri') return `<${term.value}>`;
  if (term.type === 'bnode') return `_:${term.value}`;
  const literal = `"${escapeLiteral(term.value)}"`;
  if (term['xml:lang']) return `${literal}@${term['xml:lang']}`;
  return term.datatype ? `${literal}^^<${term.datatype}>` : literal;
}

export function writeSelect(format: ResultsFormat, vars: string[], rows: RawBinding[]): string {
  switch (format) {
    case 'json':
      return JSON.stringify({ head: { vars }, results: { bindings: rows } });
    case 'xml': {
      const head = vars.map((name) => `<variable name="${xml(name)}"/>`).join('');
      const results = rows
        .map((row) => `<result>${Object.entries(row).map(([name, term]) => `<binding name="${xml(name)}">${xmlTerm(term)}</binding>`).join('')}</result>`)
        .join('\n');
      return `<?xml version="1.0"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head>${head}</head><results>\n${results}\n</results></sparql>\n`;
    }
    case 'csv':
      return [vars.join(','), ...rows.map((row) => vars.map((name) => csvValue(row[name])).join(','))].join('\r\n') + '\r\n';
    case 'tsv':
      return [vars.map((name) => `?${name}`).join('\t'), ...rows.map((row) => vars.map((name) => tsvValue(row[name])).join('\t'))].join('\n') + '\n';
  }
}

export function writeAsk(format: ResultsFormat, value: boolean): string {
  if (format === 'xml') return `<?xml version="1.0"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head/><boolean>${value}</boolean></sparql>\n`;
  return JSON.stringify({ head: {}, boolean: value });
}
