/** /dataset/{slug} also answers RDF clients, from nest-api's open catalogue entry; browsers keep the page. */
const RDF = ['text/turtle', 'application/ld+json', 'application/rdf+xml'];

/**
 * @param {string | undefined} accept
 * @returns {boolean}
 */
export function prefersRdf(accept) {
  if (!accept) return false;
  /** @type {Map<string, number>} */
  const q = new Map();
  for (const part of accept.split(',')) {
    const [media = '', ...parameters] = part.trim().toLowerCase().split(';');
    const given = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = given === undefined ? 1 : Number(given.slice(2));
    q.set(media.trim(), Number.isFinite(value) ? value : 0);
  }
  // Only an RDF type named outright counts: a browser's */* keeps the page.
  const rdf = Math.max(0, ...RDF.map((media) => q.get(media) ?? 0));
  return rdf > 0 && rdf > (q.get('text/html') ?? 0);
}

/** @returns {import('express').RequestHandler} */
export function datasetRdf() {
  return (req, res, next) => {
    const match = /^\/dataset\/([^/]+)$/.exec(req.path);
    if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.vary('Accept');
    if (!prefersRdf(req.get('accept'))) return next();
    const query = req.url.indexOf('?');
    req.url = `/api/catalog/datasets/${match[1]}${query >= 0 ? req.url.slice(query) : ''}`;
    next();
  };
}
