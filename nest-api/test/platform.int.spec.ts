import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_INPUT_DETAILS, DETAILS } from '@datahub/domain';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('health, errors and API documentation', () => {
  it('reports health', async () => {
    const response = await api.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown routes and malformed JSON in the one error shape', async () => {
    const unknown = await api.request('/api/bestaat-niet');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ statusCode: 404, detail: DETAILS.notFound });
    const malformed = await api.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(malformed.status).toBe(400);
    const body = await malformed.json();
    expect(body).toEqual({ statusCode: 400, detail: BAD_INPUT_DETAILS.badJson });
  });

  it('serves Swagger UI and the OpenAPI document with bearer auth', async () => {
    const ui = await api.request('/api/docs');
    expect(ui.status).toBe(200);
    const html = await ui.text();
    expect(html).toContain('<title>Datahub Tuinbouw API</title>');
    // The page is only Swagger UI when its bundle and initialiser load and point at our document.
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => new URL(m[1], ui.url).pathname);
    expect(scripts.some((s) => s.endsWith('swagger-ui-bundle.js'))).toBe(true);
    const init = scripts.find((s) => s.endsWith('swagger-ui-init.js'));
    expect(init).toBeTruthy();
    for (const script of scripts) {
      const loaded = await api.request(script);
      expect(loaded.status, script).toBe(200);
      expect(loaded.headers.get('content-type'), script).toMatch(/javascript/);
    }
    const initialiser = await (await api.request(init!)).text();
    expect(initialiser).toContain('SwaggerUIBundle');
    expect(initialiser).toContain('"/api/current_user"');
    const document = await (await api.request('/api/docs-json')).json();
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/current_user'].get.security).toEqual([{ bearer: [] }]);
  });

  it('documents who may call every operation', async () => {
    const document = await (await api.request('/api/docs-json')).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, { 'x-access'?: string; 'x-permission'?: string }>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(8);
    for (const { path, method, operation } of operations) {
      expect(['public', 'signed-in', 'permission', 'datasource'], `${method} ${path}`).toContain(operation['x-access']);
      if (operation['x-access'] === 'permission') expect(operation['x-permission'], `${method} ${path}`).toBeTruthy();
      if (operation['x-access'] === 'datasource') expect(path, `${method} ${path}`).toMatch(/^\/api\/datasource-protocol\//);
    }
  });
});

describe('bootstrap', () => {
  it('creates the admin organisation and its owner once, however often the API starts', async () => {
    const { SeedService } = await import('../src/seed/seed.service');
    await api.app.get(SeedService).run();
    await api.app.get(SeedService).run();
    expect(await api.db.query('SELECT name FROM organizations WHERE is_admin')).toEqual([{ name: 'Datahub Beheer' }]);
    const owners = await api.db.query(
      "SELECT u.email, r.role FROM users u JOIN role_assignments r ON r.user_id = u.id WHERE r.role = 'AdminOrganization.Owner'",
    );
    expect(owners).toEqual([{ email: 'platform-owner@datahub.test', role: 'AdminOrganization.Owner' }]);
    const login = await api.request('/api/auth/login', { method: 'POST', json: { email: 'platform-owner@datahub.test', password: 'Correct-Horse-Battery-9' } });
    expect(login.status).toBe(200);
  });
});
