import { Controller, Get, Module } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { startTestApi } from './harness';

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
