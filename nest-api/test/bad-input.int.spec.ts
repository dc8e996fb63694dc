import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DETAILS, BAD_INPUT_DETAIL_VALUES, DETAILS, SPARQL_PROTOCOL_TEXTS, TWO_FACTOR_DETAILS } from '@datahub/domain';
import { INVITATION_INVALID, INVITATION_OTHER_EMAIL } from '../src/invitations/invitations.service';
import { HUGE_NUMBERS, isNumeric, realPath, validBody, type RealObjects, type Schema } from './bad-input-bodies';
import { startTestApi, type TestApi, type TestUser } from './harness';

/**
 * Careless and hostile input for every operation of the OpenAPI document: wrong types, null,
 * control characters, lone surrogates, 1 MB strings, deep nesting, wrong content types and odd
 * paths; and (bad-input-bodies.ts) each wrong value and huge number inside an otherwise valid body
 * sent by a platform admin to an object that exists. No case may cause a 5xx, and every refusal carries a detail a person can read: a Dutch
 * one, Dutch per-field errors, or a catalogued detail the portal turns into Dutch.
 */
interface Operation {
  method: string;
  path: string;
  access: string;
  params: { name: string; in: string; schema?: { format?: string } }[];
  bodySchema: Schema | null;
  /** The SPARQL 1.1 Protocol endpoint answers its refusals as short Dutch text (x-error-body: text/plain). */
  textErrors: boolean;
}
interface Case {
  operation: Operation;
  label: string;
  path: string;
  init: RequestInit;
  /** Sent by the platform admin, to its own objects. */
  asAdmin?: boolean;
}

let api: TestApi;
const operations: Operation[] = [];
let datasourceToken = '';
let adminOrganization = { id: '', slug: '' };
// The invitation link's own details (the portal shows its invalid-link page for them).
/** The protocol endpoint's texts: fixed ones whole, those with a parser message by their opening. */
const PROTOCOL_TEXTS = Object.values(SPARQL_PROTOCOL_TEXTS).map((text) => (typeof text === 'string' ? text : text('')));
const explainedText = (text: string) => PROTOCOL_TEXTS.some((known) => (text === known || text.startsWith(known)) && text.length > 0);
// ACCOUNT_DETAILS: the reset page shows its own Dutch text for them.
const EXPLAINED = new Set<string>([...BAD_INPUT_DETAIL_VALUES, ...Object.values(DETAILS), ...Object.values(ACCOUNT_DETAILS), ...Object.values(TWO_FACTOR_DETAILS), INVITATION_INVALID, INVITATION_OTHER_EMAIL]);
const ENGLISH_FIELD_ERROR = /\b(must|should|property|expected|each value|is not)\b/i;
const UUID = '00000000-0000-4000-8000-000000000000';
const MEGABYTE = 'x'.repeat(1_048_576);

beforeAll(async () => {
  api = await startTestApi();
  const document = await (await api.request('/api/docs-json')).json();
  const schemas: Record<string, Schema> = document.components?.schemas ?? {};
  const resolve = (schema: Schema | undefined): Schema | null => {
    if (!schema) return null;
    if (schema.$ref) return schemas[schema.$ref.split('/').pop()!] ?? null;
    return schema;
  };
  for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(document.paths)) {
    for (const [method, spec] of Object.entries(item)) {
      const content = (spec.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        access: String(spec['x-access'] ?? ''),
        params: (spec.parameters as Operation['params']) ?? [],
        bodySchema: resolve(content?.['application/json']?.schema),
        textErrors: spec['x-error-body'] === 'text/plain',
      });
    }
  }
  const organization = await api.createOrganization();
  const owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
  const created = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Bron' } })).json();
  const { datasource_id: id, secret } = created.credentials;
  const iat = Math.floor(Date.now() / 1000);
  datasourceToken = jwt.sign({ iss: `datahub-datasource:${id}`, aud: 'datahub-portal-api', sub: id, iat, exp: iat + 3600 }, secret, { algorithm: 'HS256' });
  [adminOrganization] = await api.db.query('SELECT id, slug FROM organizations WHERE is_admin');
});

/** A fresh platform admin and, when the operation's path names them, an application and a data source of its own. */
async function adminObjects(operation: Operation): Promise<{ admin: TestUser; objects: RealObjects }> {
  const admin = await api.createUser({ organizationId: adminOrganization.id, roles: ['AdminOrganization.Owner'] });
  const objects: RealObjects = { userId: admin.id, organizationId: adminOrganization.id, organizationSlug: adminOrganization.slug };
  const post = async (path: string, json: unknown) => (await api.request(path, { method: 'POST', token: admin.token, json })).json();
  if (operation.path.startsWith('/api/applications/{'))
    objects.applicationId = (await post('/api/applications', { name: `App ${admin.id.slice(0, 8)}`, owner_organization: objects.organizationId, about: 'Over', usage: 'Gebruik', url: 'https://app.example.nl' })).application_id;
  if (operation.path.startsWith('/api/datasources/{')) objects.datasourceId = (await post('/api/datasources', { name: `Bron ${admin.id.slice(0, 8)}` })).credentials.datasource_id;
  if (operation.path.startsWith('/api/authorisation-groups/')) objects.authorisationGroup = await adminGrantCard(admin);
  return { admin, objects };
}

/** A machtiging card of the admin organisation: a dataset of its own granted (Water) to a fresh organisation. */
async function adminGrantCard(admin: TestUser): Promise<{ datasetId: string; organizationId: string }> {
  const created = await (await api.request('/api/datasources', { method: 'POST', token: admin.token, json: { name: `Kaartbron ${admin.id.slice(0, 8)}` } })).json();
  const [{ id: datasetId }] = await api.db.query(
    `INSERT INTO datasets (id, datasource_id, slug, name, status) VALUES (gen_random_uuid(), $1, $2, 'Kaart', 'online') RETURNING id`,
    [created.credentials.datasource_id, `kaart-${admin.id.slice(0, 8)}`],
  );
  const receiver = await api.createOrganization();
  await api.db.query(`INSERT INTO authorisation_assignments (dataset_id, assignee_organization_id, authorisation) VALUES ($1, $2, 'Dataset.ReadWater')`, [datasetId, receiver.id]);
  return { datasetId, organizationId: receiver.id };
}

/** Each wrong value and huge number inside an otherwise valid body, to the admin's own object. */
function validBodyCases(operation: Operation, objects: RealObjects): Case[] {
  const path = realPath(operation.path, objects);
  const schema = operation.bodySchema;
  if (!path || !schema || !['POST', 'PUT', 'PATCH'].includes(operation.method)) return [];
  const base = validBody(schema, objects);
  const cases: Case[] = [];
  const add = (label: string, body: unknown) => cases.push({ operation, label: `valid body with ${label}`, path, init: { method: operation.method, ...json(body) }, asAdmin: true });
  for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
    for (const [label, value] of WRONG_VALUES) add(`${property} as ${label}`, { ...base, [property]: value });
    if (isNumeric(propertySchema)) for (const [label, value] of HUGE_NUMBERS) add(`${property} = ${label}`, { ...base, [property]: value });
  }
  return cases;
}
afterAll(() => api?.close());

function fill(operation: Operation, odd?: { name: string; value: string }): string {
  let path = operation.path;
  for (const param of operation.params.filter((p) => p.in === 'path')) {
    const value = odd?.name === param.name ? odd.value : param.schema?.format === 'uuid' || /id$/i.test(param.name) ? UUID : 'bestaat-niet';
    path = path.replace(`{${param.name}}`, value);
  }
  return path;
}

const WRONG_VALUES: [string, unknown][] = [
  ['a number', 1],
  ['a boolean', true],
  ['null', null],
  ['an array', ['a']],
  ['an object', { a: 1 }],
  ['NUL', 'a\u0000b'],
  ['an escape character', 'a\u001bb'],
  ['a line break', 'regel\r\nBcc: x@example.test'],
  ['a lone surrogate', 'a\ud800b'],
  ['an emoji', '🌱'],
];
const PATH_ODDITIES = ['%00', '..%2F..%2Fapi', 'x'.repeat(300), '%ED%A0%80', '%F0%9F%8C%B1', '-1', "'%20OR%201=1", '%252e%252e'];
const QUERY_ODDITIES = ['%00', 'x'.repeat(5000), '%ED%A0%80', '%ZZ'];

function json(body: unknown, contentType = 'application/json'): RequestInit {
  return { headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/** Every case for one operation. */
function casesFor(operation: Operation): Case[] {
  const cases: Case[] = [];
  const add = (label: string, path: string, init: RequestInit = {}) => cases.push({ operation, label, path, init: { method: operation.method, ...init } });
  for (const param of operation.params.filter((p) => p.in === 'path'))
    for (const value of PATH_ODDITIES) add(`path ${param.name}=${value.slice(0, 20)}`, fill(operation, { name: param.name, value }));
  for (const param of operation.params.filter((p) => p.in === 'query')) {
    for (const value of QUERY_ODDITIES) add(`query ${param.name}=${value.slice(0, 20)}`, `${fill(operation)}?${param.name}=${value}`);
    add(`query ${param.name} twice`, `${fill(operation)}?${param.name}=a&${param.name}=b`);
  }
  if (['POST', 'PUT', 'PATCH'].includes(operation.method)) {
    const path = fill(operation);
    const properties = Object.keys(operation.bodySchema?.properties ?? {});
    for (const property of properties)
      for (const [label, value] of WRONG_VALUES) add(`body ${property} as ${label}`, path, json({ [property]: value }));
    if (properties[0]) add(`body ${properties[0]} of 1 MB`, path, json({ [properties[0]]: MEGABYTE }));
    add('body 2 MB', path, json({ x: MEGABYTE + MEGABYTE }));
    add('body nested 5,000 deep', path, json(`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`));
    add('body an array', path, json('[]'));
    add('body a string', path, json('"tekst"'));
    add('body null', path, json('null'));
    add('body broken JSON', path, json('{"a":'));
    add('body as text/plain', path, json('tekst', 'text/plain'));
    add('body as a form', path, json('a=b', 'application/x-www-form-urlencoded'));
    add('body as XML', path, json('<a/>', 'application/xml'));
    add('body without a content type', path, { body: '{}' });
    add('body with an unknown field', path, json({ onbekend: 1 }));
  }
  return cases;
}

describe('bad input for every operation in the OpenAPI document', () => {
  it('never answers 5xx, and always with a detail a person can read', async () => {
    const cases: Case[] = [];
    const failures: string[] = [];
    const byStatus = new Map<number, number>();
    for (const operation of operations) {
      // A fresh user per operation, so one operation's refusal (or logout) never leaks into the next.
      const organization = await api.createOrganization();
      const user = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
      const token = operation.access === 'datasource' ? datasourceToken : user.token;
      const { admin, objects } = await adminObjects(operation);
      const adminToken = operation.access === 'datasource' ? datasourceToken : admin.token;
      const operationCases = [...casesFor(operation), ...validBodyCases(operation, objects)];
      cases.push(...operationCases);
      for (const c of operationCases) {
        const headers = new Headers(c.init.headers);
        headers.set('authorization', `Bearer ${c.asAdmin ? adminToken : token}`);
        const response = await fetch(`${api.baseUrl}${c.path}`, { ...c.init, headers, redirect: 'manual' });
        byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
        const where = `${operation.method} ${operation.path} — ${c.label}`;
        if (response.status >= 500) {
          failures.push(`${where}: ${response.status} ${(await response.text()).slice(0, 200)}`);
          continue;
        }
        if (response.status < 400) {
          await response.arrayBuffer();
          continue;
        }
        const text = await response.text();
        if (operation.textErrors && response.headers.get('content-type') === 'text/plain; charset=utf-8') {
          if (!explainedText(text.trim())) failures.push(`${where}: ${response.status} text ${text.slice(0, 120)}`);
          continue;
        }
        let body: { detail?: unknown; errors?: Record<string, unknown> } | null = null;
        try {
          body = JSON.parse(text);
        } catch {
          failures.push(`${where}: ${response.status} without a JSON body: ${text.slice(0, 120)}`);
          continue;
        }
        const detail = body?.detail;
        const fieldErrors = Object.values(body?.errors ?? {});
        if (typeof detail !== 'string' || !EXPLAINED.has(detail)) failures.push(`${where}: ${response.status} detail ${JSON.stringify(detail)}`);
        else if (fieldErrors.some((message) => typeof message !== 'string' || ENGLISH_FIELD_ERROR.test(message)))
          failures.push(`${where}: field errors ${JSON.stringify(body?.errors).slice(0, 200)}`);
      }
    }
    console.info(`bad-input suite: ${cases.length} cases over ${operations.length} operations; statuses ${JSON.stringify(Object.fromEntries([...byStatus].sort()))}`);
    expect(cases.length).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 120_000);
});
