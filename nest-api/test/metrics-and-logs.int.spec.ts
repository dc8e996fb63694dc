import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, stopProcess, TEST_PASSWORD, type TestApi, type TestUser } from './harness';
import { startSecondApi } from './second-api';
import { until } from './waiting';

/**
 * GET /metrics (Prometheus text, loopback or METRICS_TOKEN) and JSON logs with the request id,
 * from a real nest-api process started from dist (its stdout is what an operator collects).
 */
const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';

let api: TestApi;
let child: ChildProcess;
let baseUrl: string;
let output = '';
let user: TestUser;

const logLines = (): Record<string, unknown>[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  api = await startTestApi();
  user = await api.createUser({ organizationId: (await api.createOrganization()).id });
  const second = await startSecondApi(api, { METRICS_TOKEN, LOG_LEVEL: 'info' }, ['ignore', 'pipe', 'pipe']);
  child = second.child;
  baseUrl = second.url;
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
}, 90_000);

afterAll(async () => {
  await stopProcess(child);
  await api?.close();
});

describe('GET /metrics', () => {
  it('serves the listed series in Prometheus text format to loopback callers', async () => {
    const unknownDataset = randomUUID();
    expect((await fetch(`${baseUrl}/api/datasets/${unknownDataset}`, { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(404);
    const response = await fetch(`${baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const series of [
      'datahub_http_requests_total',
      'datahub_http_request_duration_seconds',
      'datahub_sparql_queue_depth',
      'datahub_sparql_waits_total',
      'datahub_sparql_deadline_hits_total',
      'datahub_dataset_cache_lookups_total',
      'datahub_dataset_cache_bytes',
      'datahub_discovery_outcomes_total',
      'datahub_job_runs_total',
      'datahub_event_outbox_backlog',
      'datahub_webhook_deliveries_total',
    ])
      expect(text, series).toMatch(new RegExp(`^# TYPE ${series} `, 'm'));
    // Per route pattern, never the URL: no ids in labels.
    expect(text).toMatch(/^datahub_http_requests_total\{method="GET",route="\/api\/datasets\/:slug",status="404"\} 1$/m);
    expect(text).not.toContain(unknownDataset);
    // The outbox backlog is read from the database at each scrape (the test API drains nothing).
    expect(text).toMatch(/^datahub_event_outbox_backlog \d+$/m);
  });

  it('is refused to callers a proxy speaks for, unless they bring METRICS_TOKEN', async () => {
    const proxied = { 'x-forwarded-for': '203.0.113.7' };
    const refused = await fetch(`${baseUrl}/metrics`, { headers: proxied });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('datahub_');
    expect((await fetch(`${baseUrl}/metrics`, { headers: { ...proxied, authorization: 'Bearer not-the-token-at-all-0123456789' } })).status).toBe(403);
    expect((await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
    expect((await fetch(`${baseUrl}/metrics`, { headers: { ...proxied, authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
  });
});

describe('JSON logs', () => {
  it('carry the request id the portal passed, and return it', async () => {
    const requestId = `portal-${randomUUID()}`;
    const response = await fetch(`${baseUrl}/api/current_user`, { headers: { authorization: `Bearer ${user.token}`, 'x-request-id': requestId } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    const lines = await until(async () => {
      const found = logLines().filter((line) => line.request_id === requestId);
      return found.length >= 2 ? found : undefined;
    }, 'the request to be logged');
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.find((line) => line.msg === 'request completed')).toMatchObject({ res: { statusCode: 200 } });
    // Without one (or with one that is no id), the API makes its own and returns it.
    const own = await fetch(`${baseUrl}/api/health`, { headers: { 'x-request-id': 'no id: spaces & <tags>' } });
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hold no passwords, tokens or query texts', async () => {
    const secretQuery = `SELECT * WHERE { ?s ?p "geheim-${randomUUID()}" }`;
    await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'login-request-0001' },
      body: JSON.stringify({ email: 'platform-owner@datahub.test', password: TEST_PASSWORD }),
    });
    await fetch(`${baseUrl}/api/datasets/${randomUUID()}/data?sparql_query=${encodeURIComponent(secretQuery)}`, {
      headers: { authorization: `Bearer ${user.token}`, 'x-request-id': 'query-request-0001' },
    });
    await until(async () => (logLines().some((line) => line.request_id === 'query-request-0001' && line.msg === 'request completed') ? true : undefined), 'the query to be logged');
    expect(logLines().find((line) => line.request_id === 'query-request-0001')).toMatchObject({ req: { path: expect.stringMatching(/\/data$/) } });
    expect(output).not.toContain(TEST_PASSWORD);
    expect(output).not.toContain(user.token);
    expect(output).not.toContain('geheim-');
    expect(output).not.toContain('sparql_query');
  });
});
