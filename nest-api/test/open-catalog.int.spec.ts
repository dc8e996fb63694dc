import { Readable } from 'node:stream';
import jsonld from 'jsonld';
import { DataFactory, Parser, Store, type Quad } from 'n3';
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHubWithDataset, type HubWithDataset } from './hub-dataset';
import { parseTurtle, validate } from './shacl';

const { namedNode, literal } = DataFactory;
const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const ODRL = 'http://www.w3.org/ns/odrl/2/';
const HYDRA = 'http://www.w3.org/ns/hydra/core#';
const EU = 'http://publications.europa.eu/resource/authority/';

let hub: HubWithDataset;
let base: string;
let datasetSlug: string;

/** The recommended-level results the README explains (nest-api/shapes, 'Open standaarden'): only this one stays. */
const EXPLAINED_RECOMMENDATIONS = ['DistributionShape_downloadURL_aanbevolen_minCount'];

async function catalogue(path: string, accept?: string): Promise<{ status: number; type: string; text: string }> {
  const response = await hub.api.request(path, accept ? { headers: { accept } } : {});
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

async function violations(store: Store) {
  const found: Record<string, unknown[]> = {};
  for (const set of ['DCAT-AP 3.0.0', 'DCAT-AP-NL 3.0'] as const) found[set] = (await validate(store, set)).filter((result) => result.severity === 'Violation');
  return found;
}

const objects = (store: Store, subject: string, predicate: string) => store.getObjects(namedNode(subject), namedNode(predicate), null).map((term) => term.value);

beforeAll(async () => {
  hub = await startHubWithDataset({});
  base = hub.api.config.publicUrl;
  await hub.api.db.query('UPDATE organizations SET kvk_number = 1234567 WHERE id = $1', [hub.owner.organization.id]);
  await hub.api.db.query(`UPDATE datasets SET contact = 'data@kwekerij-delta.test' WHERE id = $1`, [hub.datasetId]);
  [{ slug: datasetSlug }] = await hub.api.db.query('SELECT slug FROM datasets WHERE id = $1', [hub.datasetId]);
}, 120_000);
afterAll(() => hub?.close());

describe('the open DCAT-AP-NL catalogue', () => {
  it('answers without sign-in in Turtle, with the dataset of the real data source valid against both official shape sets', async () => {
    const answer = await catalogue('/api/catalog');
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/turtle/);
    const store = parseTurtle(answer.text);
    expect(await violations(store)).toEqual({ 'DCAT-AP 3.0.0': [], 'DCAT-AP-NL 3.0': [] });
    const recommended = await validate(store, 'DCAT-AP-NL 3.0 aanbevolen');
    expect([...new Set(recommended.map((result) => result.shape.split('/').pop()))]).toEqual(EXPLAINED_RECOMMENDATIONS);
    // Only the SPARQL distribution lacks a download URL: it is a service, not a file.
    expect(recommended.every((result) => result.focusNode.endsWith('#sparql'))).toBe(true);

    const dataset = `${base}/dataset/${datasetSlug}`;
    expect(objects(store, `${base}/api/catalog`, `${DCAT}dataset`)).toEqual([dataset]);
    expect(store.has(DataFactory.quad(namedNode(dataset), namedNode(`${DCT}title`), literal('Kas Delta', 'nl')))).toBe(true);
    const [publisher] = objects(store, dataset, `${DCT}publisher`);
    expect(objects(store, publisher, RDF_TYPE)).toContain(`${FOAF}Organization`);
    expect(objects(store, publisher, `${DCT}identifier`)).toEqual(['01234567']);
    expect(objects(store, dataset, `${DCAT}theme`)).toEqual([`${EU}data-theme/AGRI`]);
    expect(objects(store, dataset, `${DCT}accessRights`)).toEqual([`${EU}access-right/RESTRICTED`]);
    expect(objects(store, dataset, `${DCT}conformsTo`)).toEqual(['https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology']);
    // Keywords: the categories present in the fixture, in Dutch.
    const keywords = store.getObjects(namedNode(dataset), namedNode(`${DCAT}keyword`), null);
    expect(keywords.length).toBeGreaterThan(0);
    expect(keywords.every((term) => term.termType === 'Literal' && term.language === 'nl')).toBe(true);
    expect(keywords.map((term) => term.value)).toContain('Verwarming');
    const [contact] = store.getObjects(namedNode(dataset), namedNode(`${DCAT}contactPoint`), null);
    expect(store.getObjects(contact, namedNode('http://www.w3.org/2006/vcard/ns#hasEmail'), null).map((term) => term.value)).toEqual(['mailto:data@kwekerij-delta.test']);
    // Distributions: the XML download and the SPARQL endpoint as a DataService with its description.
    const distributions = objects(store, dataset, `${DCAT}distribution`);
    expect(distributions.flatMap((d) => objects(store, d, `${DCT}format`)).sort()).toEqual([`${EU}file-type/RDF_XML`, `${EU}file-type/SPARQLQ`]);
    expect(distributions.flatMap((d) => objects(store, d, `${DCAT}downloadURL`))).toEqual([`${base}/api/datasets/${hub.datasetId}/xml`]);
    const endpoint = `${base}/api/datasets/${hub.datasetId}/sparql`;
    expect(objects(store, endpoint, RDF_TYPE)).toContain(`${DCAT}DataService`);
    expect(objects(store, endpoint, `${DCAT}endpointURL`)).toEqual([endpoint]);
    expect(objects(store, endpoint, `${DCAT}endpointDescription`)).toEqual([endpoint]);
    // The data source as a DataService of its organisation, serving the dataset.
    const services = objects(store, `${base}/api/catalog`, `${DCAT}service`);
    expect(services).toHaveLength(1);
    expect(objects(store, services[0], `${DCT}publisher`)).toEqual([publisher]);
    expect(objects(store, services[0], `${DCAT}servesDataset`)).toEqual([dataset]);
    // The offer: read, limited to the categories present, asked for on the dataset's request page.
    const [offer] = objects(store, dataset, `${ODRL}hasPolicy`);
    expect(objects(store, offer, RDF_TYPE)).toContain(`${ODRL}Offer`);
    expect(objects(store, offer, `${base}/api/odrl/profile#requestAccessAt`)).toEqual([`${dataset}/toegang-aanvragen`]);
    const [permission] = store.getObjects(namedNode(offer), namedNode(`${ODRL}permission`), null);
    expect(store.getObjects(permission, namedNode(`${ODRL}action`), null).map((term) => term.value)).toEqual([`${ODRL}read`]);
    const [constraint] = store.getObjects(permission, namedNode(`${ODRL}constraint`), null);
    expect(store.getObjects(constraint, namedNode(`${ODRL}rightOperand`), null).map((term) => term.value)).toContain('Heating');
  });

  it('tells a catalogue missing a mandatory property (the shapes really run)', async () => {
    const store = parseTurtle((await catalogue('/api/catalog')).text);
    store.removeQuads(store.getQuads(null, namedNode(`${DCT}publisher`), null, null));
    const found = await violations(store);
    expect(found['DCAT-AP 3.0.0'].length).toBeGreaterThan(0);
    expect(found['DCAT-AP-NL 3.0'].length).toBeGreaterThan(0);
  });

  it('answers the same graph as JSON-LD and RDF/XML by content negotiation, and 406 to what it cannot give', async () => {
    const turtle = new Parser().parse((await catalogue('/api/catalog')).text);
    const ld = await catalogue('/api/catalog', 'application/ld+json');
    expect(ld.type).toMatch(/^application\/ld\+json/);
    const fromLd = new Parser({ format: 'N-Quads' }).parse((await jsonld.toRDF(JSON.parse(ld.text), { format: 'application/n-quads' })) as unknown as string);
    const xml = await catalogue('/api/catalog', 'application/rdf+xml');
    expect(xml.type).toMatch(/^application\/rdf\+xml/);
    const fromXml: Quad[] = await new Promise((resolve, reject) => {
      const quads: Quad[] = [];
      Readable.from([xml.text]).pipe(new RdfXmlParser()).on('data', (q: Quad) => quads.push(q)).on('error', reject).on('end', () => resolve(quads));
    });
    // Blank nodes differ by name: compare the triples without them, and the counts.
    const named = (quads: Quad[]) => new Set(quads.filter((q) => q.subject.termType !== 'BlankNode' && q.object.termType !== 'BlankNode').map((q) => `${q.subject.value} ${q.predicate.value} ${q.object.termType}:${q.object.value}`));
    expect(fromLd.length).toBe(turtle.length);
    expect(fromXml.length).toBe(turtle.length);
    expect(named(fromLd)).toEqual(named(turtle));
    expect(named(fromXml)).toEqual(named(turtle));
    expect((await catalogue('/api/catalog', 'application/json')).status).toBe(406);
    expect((await catalogue('/api/catalog', 'text/html,*/*;q=0.8')).type).toMatch(/^text\/turtle/);
  });

  it("answers one dataset's entry on its own address, and nothing for an offline or unknown one", async () => {
    const entry = await catalogue(`/api/catalog/datasets/${datasetSlug}`, 'text/turtle');
    expect(entry.status).toBe(200);
    const store = parseTurtle(entry.text);
    expect(await violations(store)).toEqual({ 'DCAT-AP 3.0.0': [], 'DCAT-AP-NL 3.0': [] });
    expect(objects(store, `${base}/dataset/${datasetSlug}`, `${DCAT}inCatalog`)).toEqual([`${base}/api/catalog`]);
    // Answers are kept, but a change in the catalogue shows at once (the database's notification forgets them).
    await hub.api.db.query(`UPDATE datasets SET about = 'Nieuwe beschrijving' WHERE id = $1`, [hub.datasetId]);
    await expect.poll(async () => (await catalogue(`/api/catalog/datasets/${datasetSlug}`, 'text/turtle')).text).toContain('"Nieuwe beschrijving"@nl');
    await hub.api.db.query(`UPDATE organizations SET name = 'Kwekerij Delta BV' WHERE id = $1`, [hub.owner.organization.id]);
    await expect.poll(async () => (await catalogue('/api/catalog')).text).toContain('"Kwekerij Delta BV"@nl');
    await hub.api.db.query(`INSERT INTO datasets (id, datasource_id, slug, name, about, status) SELECT gen_random_uuid(), datasource_id, 'verborgen-set', 'Verborgen set', 'Offline', 'offline' FROM datasets WHERE id = $1`, [hub.datasetId]);
    expect((await catalogue('/api/catalog/datasets/verborgen-set')).status).toBe(404);
    expect((await catalogue('/api/catalog/datasets/bestaat-niet')).status).toBe(404);
    expect((await catalogue('/api/catalog')).text).not.toContain('verborgen-set');
  });

  it('publishes the ODRL profile its offers and agreements name', async () => {
    const profile = await catalogue('/api/odrl/profile');
    expect(profile.type).toMatch(/^text\/turtle/);
    const store = new Store(new Parser({ baseIRI: `${base}/api/odrl/profile` }).parse(profile.text));
    expect(objects(store, `${base}/api/odrl/profile#category`, RDF_TYPE)).toEqual([`${ODRL}LeftOperand`]);
  });

  it('pages a hub of 1,000 datasets with hydra links, each dataset once, and stays valid at 1,000 on one page', async () => {
    const [{ datasource_id: source }] = await hub.api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [hub.datasetId]);
    const more = await hub.api.createOrganization({ name: 'Glastuinbouw Noord' });
    const [{ id: otherSource }] = await hub.api.db.query(`INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Noordbron', $1, 'v1.x.y.z') RETURNING id`, [more.id]);
    await hub.api.db.query(
      `INSERT INTO datasets (id, datasource_id, slug, name, about, contact, status, categories, updated_at)
       SELECT gen_random_uuid(), CASE WHEN n % 2 = 0 THEN $1::uuid ELSE $2::uuid END, 'set-' || n, 'Set ' || lpad(n::text, 4, '0'),
              CASE WHEN n % 3 = 0 THEN '' ELSE 'Metingen van kas ' || n END, CASE WHEN n % 5 = 0 THEN 'teelt' || n || '@noord.test' ELSE '' END,
              'online', CASE WHEN n % 4 = 0 THEN NULL ELSE ARRAY['Water', 'Crop'] END, CASE WHEN n % 2 = 0 THEN now() END
       FROM generate_series(1, 999) AS n`,
      [source, otherSource],
    );
    const seen: string[] = [];
    let next: string | undefined = '/api/catalog?size=250';
    let pages = 0;
    while (next) {
      const store = parseTurtle((await catalogue(next)).text);
      seen.push(...objects(store, `${base}/api/catalog`, `${DCAT}dataset`));
      const [view] = objects(store, `${base}/api/catalog`, `${HYDRA}view`);
      expect(objects(store, `${base}/api/catalog`, `${HYDRA}totalItems`)).toEqual(['1000']);
      expect(objects(store, view, `${HYDRA}last`)).toEqual([`${base}/api/catalog?page=4&size=250`]);
      next = objects(store, view, `${HYDRA}next`)[0]?.slice(base.length);
      pages += 1;
    }
    expect(pages).toBe(4);
    expect(seen).toHaveLength(1000);
    expect(new Set(seen).size).toBe(1000);

    const all = parseTurtle((await catalogue('/api/catalog?size=1000')).text);
    expect(objects(all, `${base}/api/catalog`, `${DCAT}dataset`)).toHaveLength(1000);
    expect(await violations(all)).toEqual({ 'DCAT-AP 3.0.0': [], 'DCAT-AP-NL 3.0': [] });
    expect((await catalogue('/api/catalog?size=1001')).status).toBe(422);
    expect((await catalogue('/api/catalog?page=0')).status).toBe(422);
  }, 240_000);
});


