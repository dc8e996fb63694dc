import { Controller, Get, Module } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS } from '@datahub/domain';
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
    expect(body).toEqual({ statusCode: 400, detail: 'bad request' });
  });

  it('serves Swagger UI and the OpenAPI document with bearer auth', async () => {
    const ui = await api.request('/api/docs');
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
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
      expect(['public', 'signed-in', 'permission'], `${method} ${path}`).toContain(operation['x-access']);
      if (operation['x-access'] === 'permission') expect(operation['x-permission'], `${method} ${path}`).toBeTruthy();
    }
  });
});

describe('the global guard fails closed', () => {
  @Controller('undeclared')
  class UndeclaredController {
    @Get()
    secret() {
      return { leaked: true };
    }
  }
  @Module({ controllers: [UndeclaredController] })
  class UndeclaredModule {}

  it('refuses a route that declares neither a permission nor public access', async () => {
    const withUndeclared = await startTestApi({}, [UndeclaredModule]);
    try {
      for (const token of [undefined, (await withUndeclared.createUser({ organizationId: (await withUndeclared.db.query('SELECT id FROM organizations WHERE is_admin'))[0].id, roles: ['AdminOrganization.Owner'] })).token]) {
        const response = await withUndeclared.request('/api/undeclared', { token });
        expect(response.status).toBe(403);
        expect(await response.text()).not.toContain('leaked');
      }
    } finally {
      await withUndeclared.close();
    }
  });
});
