import jsonld from 'jsonld';
import { Parser, Store, DataFactory, type Term } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_SCOPES, amsterdamToday } from '@datahub/domain';
import { startHubWithDataset, type HubWithDataset } from './hub-dataset';
import type { TestUser } from './harness';

const { namedNode } = DataFactory;
const ODRL = 'http://www.w3.org/ns/odrl/2/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

let hub: HubWithDataset;
let base: string;
const members = new Map<string, TestUser>();
let outsider: TestUser;

async function organisation(name: string) {
  const organization = await hub.api.createOrganization({ name });
  members.set(organization.id, await hub.api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] }));
  return organization;
}

async function agreementOf(id: string, reader: TestUser) {
  const response = await hub.api.request(`/api/authorisations/${id}`, { token: reader.token, headers: { accept: 'application/ld+json' } });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: response.status === 200 ? await response.json() : null };
}

async function toStore(document: unknown): Promise<Store> {
  const nquads = (await jsonld.toRDF(document as never, { format: 'application/n-quads' })) as unknown as string;
  return new Store(new Parser({ format: 'N-Quads' }).parse(nquads));
}

const one = (store: Store, subject: Term, predicate: string) => {
  const found = store.getObjects(subject, namedNode(predicate), null);
  expect(found, predicate).toHaveLength(1);
  return found[0];
};

/**
 * What an ODRL agreement permits now, read the way any ODRL evaluator would: read access to the
 * target for the assignee, limited to the profile's category when one is given, while every
 * odrl:dateTime lteq constraint holds. Returns the hub scope it amounts to, or null.
 */
function permittedScope(store: Store, now: Date): { assignee: string; target: string; scope: string | null } {
  const [agreement] = store.getSubjects(namedNode(RDF_TYPE), namedNode(`${ODRL}Agreement`), null);
  const assignee = one(store, agreement, `${ODRL}assignee`).value;
  const target = one(store, agreement, `${ODRL}target`).value;
  const permission = one(store, agreement, `${ODRL}permission`);
  expect(one(store, permission, `${ODRL}action`).value).toBe(`${ODRL}read`);
  let category: string | null = null;
  let valid = true;
  for (const constraint of store.getObjects(permission, namedNode(`${ODRL}constraint`), null)) {
    const left = one(store, constraint, `${ODRL}leftOperand`).value;
    const operator = one(store, constraint, `${ODRL}operator`).value;
    const right = one(store, constraint, `${ODRL}rightOperand`).value;
    if (left === `${base}/api/odrl/profile#category` && operator === `${ODRL}eq`) category = right;
    else if (left === `${ODRL}dateTime` && operator === `${ODRL}lteq`) valid &&= now.getTime() <= new Date(right).getTime();
    else throw new Error(`a constraint the hub's profile does not define: ${left} ${operator}`);
  }
  const scope = DATASET_SCOPES.find((entry) => entry.category === category)?.scope ?? null;
  return { assignee, target, scope: valid ? scope : null };
}

beforeAll(async () => {
  hub = await startHubWithDataset({});
  base = hub.api.config.publicUrl;
  const west = await organisation('Kassenbouw West');
  const noord = await organisation('Glastuinbouw Noord');
  const zuid = await organisation('Teelt Zuid');
  outsider = await hub.api.createUser({ organizationId: (await hub.api.createOrganization({ name: 'Buitenstaander' })).id, roles: ['Organization.Owner'] });
  await hub.grant(['Dataset.ReadWater', 'Dataset.ReadHeating'], west);
  await hub.grant(['Dataset.ReadAll'], noord, '2099-12-31');
  // Valid through today in Amsterdam: the agreement's lteq must reach the end of that day.
  await hub.grant(['Dataset.ReadCrop'], zuid, amsterdamToday());
  // A fixture the portal cannot make any more: one that expired, still listed until revoked.
  await hub.api.db.query(
    `INSERT INTO authorisation_assignments (dataset_id, assignee_organization_id, authorisation, expiration_date) VALUES ($1, $2, 'Dataset.ReadGlass', '2020-01-31')`,
    [hub.datasetId, west.id],
  );
}, 120_000);
afterAll(() => hub?.close());

describe('machtigingen as ODRL 2.2 agreements', () => {
  it('gives each machtiging to both parties as the same odrl:Agreement, and to nobody else', async () => {
    const assignments: { id: string; assignee_organization_id: string }[] = await hub.api.db.query('SELECT id, assignee_organization_id FROM authorisation_assignments');
    expect(assignments).toHaveLength(5);
    for (const { id, assignee_organization_id: assignee } of assignments) {
      const byOwner = await agreementOf(id, hub.owner.user);
      expect(byOwner.status).toBe(200);
      expect(byOwner.type).toMatch(/^application\/ld\+json/);
      expect((await agreementOf(id, members.get(assignee)!)).body).toEqual(byOwner.body);
      expect((await agreementOf(id, outsider)).status).toBe(404);
      const store = await toStore(byOwner.body);
      const [agreement] = store.getSubjects(namedNode(RDF_TYPE), namedNode(`${ODRL}Agreement`), null);
      expect(agreement.value).toBe(`${base}/api/authorisations/${id}`);
      expect(one(store, agreement, `${ODRL}assigner`).value).toBe(`${base}/organisatie/${hub.owner.organization.slug}`);
      expect(one(store, agreement, `${ODRL}profile`).value).toBe(`${base}/api/odrl/profile`);
    }
    // Plain JSON stays the view it was.
    const plain = await hub.api.request(`/api/authorisations/${assignments[0].id}`, { token: hub.owner.user.token });
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await plain.json()).toMatchObject({ authorisation_assignment_id: assignments[0].id });
  });

  it("derives from the ODRL of every machtiging exactly the access the hub grants each organisation", async () => {
    const assignments: { id: string }[] = await hub.api.db.query('SELECT id FROM authorisation_assignments');
    const now = new Date();
    const expected = new Map<string, Set<string>>();
    for (const { id } of assignments) {
      const { assignee, target, scope } = permittedScope(await toStore((await agreementOf(id, hub.owner.user)).body), now);
      expect(target).toMatch(new RegExp(`^${base}/dataset/`));
      const scopes = expected.get(assignee) ?? new Set<string>();
      if (scope) scopes.add(scope);
      expected.set(assignee, scopes);
    }
    const organisations: { id: string; slug: string }[] = await hub.api.db.query('SELECT id, slug FROM organizations WHERE id = ANY($1)', [[...members.keys()]]);
    expect(organisations).toHaveLength(3);
    for (const { id, slug } of organisations) {
      const answer = await hub.api.request(`/api/datasets/${hub.datasetId}/access`, { token: members.get(id)!.token });
      expect(answer.status).toBe(200);
      const granted: string[] = (await answer.json()).scopes;
      expect([...(expected.get(`${base}/organisatie/${slug}`) ?? [])].sort(), slug).toEqual([...granted].sort());
    }
    // The expired one is in the ODRL (with its past end) but grants nothing, as at the hub.
    expect([...expected.values()].flatMap((scopes) => [...scopes])).not.toContain('Dataset.ReadGlass');
  });
});
