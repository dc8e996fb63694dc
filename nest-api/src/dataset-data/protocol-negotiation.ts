import { ACCEPTED_GRAPH_TYPES, ACCEPTED_RESULT_TYPES, type negotiateFormats, type QueryForm } from '@datahub/sparql';

type Formats = ReturnType<typeof negotiateFormats>;
type Offer = { media: string; results?: Formats['results']; graph?: Formats['graph'] };

const RESULTS: Offer[] = Object.entries(ACCEPTED_RESULT_TYPES).map(([media, results]) => ({ media, results }));
/** ASK has no CSV/TSV serialisation in the W3C specifications. */
const BOOLEAN = RESULTS.filter((offer) => offer.results === 'json' || offer.results === 'xml');
const GRAPHS: Offer[] = Object.entries(ACCEPTED_GRAPH_TYPES).map(([media, graph]) => ({ media, graph }));

interface Range {
  type: string;
  subtype: string;
  q: number;
}

function ranges(accept: string): Range[] {
  return accept
    .split(',')
    .map((part) => {
      const [media, ...parameters] = part.trim().toLowerCase().split(';');
      const [type = '', subtype = ''] = media.trim().split('/');
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { type, subtype, q: Number.isFinite(quality) ? Math.min(Math.max(quality, 0), 1) : 0 };
    })
    .filter((range) => range.type !== '' && range.subtype !== '');
}

/** The q of `media` under `accept`: the most specific matching range decides (RFC 9110 §12.5.1); -1: none matches. */
function quality(media: string, accepted: Range[]): number {
  const [type, subtype] = media.split('/');
  let best = -1;
  let specificity = -1;
  for (const range of accepted) {
    const level = range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === '*' ? 1 : range.type === '*' && range.subtype === '*' ? 0 : -1;
    if (level > specificity) {
      specificity = level;
      best = range.q;
    }
  }
  return best;
}

function choose(offers: Offer[], accept: string | undefined): Offer | null {
  if (!accept || accept.trim() === '') return offers[0];
  const accepted = ranges(accept);
  let chosen: Offer | null = null;
  let chosenQ = 0;
  for (const offer of offers) {
    const q = quality(offer.media, accepted);
    if (q > chosenQ) {
      chosen = offer;
      chosenQ = q;
    }
  }
  return chosen;
}

export function protocolFormats(form: QueryForm, accept: string | undefined): Formats | null {
  const graphForm = form === 'CONSTRUCT' || form === 'DESCRIBE';
  const offer = choose(graphForm ? GRAPHS : form === 'ASK' ? BOOLEAN : RESULTS, accept);
  if (!offer) return null;
  return graphForm ? { results: 'json', graph: offer.graph! } : { results: offer.results!, graph: 'turtle' };
}

export function descriptionFormat(accept: string | undefined): Formats['graph'] | null {
  return choose(GRAPHS, accept)?.graph ?? null;
}

export const ANSWER_FORMATS = {
  'http://www.w3.org/ns/formats/SPARQL_Results_JSON': 'application/sparql-results+json',
  'http://www.w3.org/ns/formats/SPARQL_Results_XML': 'application/sparql-results+xml',
  'http://www.w3.org/ns/formats/SPARQL_Results_CSV': 'text/csv',
  'http://www.w3.org/ns/formats/SPARQL_Results_TSV': 'text/tab-separated-values',
  'http://www.w3.org/ns/formats/Turtle': 'text/turtle',
  'http://www.w3.org/ns/formats/N-Triples': 'application/n-triples',
  'http://www.w3.org/ns/formats/RDF_XML': 'application/rdf+xml',
  'http://www.w3.org/ns/formats/JSON-LD': 'application/ld+json',
};
