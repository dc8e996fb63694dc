import { RDF_MEDIA, type RdfFormat } from './catalog-rdf';

const ORDER: RdfFormat[] = ['turtle', 'jsonld', 'rdfxml'];

/** Highest q among Turtle (default), JSON-LD and RDF/XML, ties in that order; *\/* gets Turtle; null: 406. */
export function rdfFormat(accept: string | undefined): RdfFormat | null {
  if (!accept || accept.trim() === '') return 'turtle';
  let best: RdfFormat | null = null;
  let bestQ = 0;
  const ranges = accept.split(',').map((part) => {
    const [media, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    return { media: media.trim(), q: Number.isFinite(value) ? value : 0 };
  });
  for (const format of ORDER) {
    const media = RDF_MEDIA[format];
    const exact = ranges.find((range) => range.media === media);
    const wide = ranges.find((range) => range.media === `${media.split('/')[0]}/*`) ?? ranges.find((range) => range.media === '*/*');
    const q = exact ? exact.q : wide ? wide.q : 0;
    if (q > bestQ) {
      best = format;
      bestQ = q;
    }
  }
  return best;
}
