import { describe, expect, it } from 'vitest';
import { startTestApi } from './harness';

describe('demo seed', () => {
  it('seeds the four demo logins with their organisations and roles', async () => {
    const demo = await startTestApi({ DEMO_SEED: 'true', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    try {
      const rows = await demo.db.query(`
        SELECT u.email, o.name AS organization, o.domain, coalesce(string_agg(r.role, ',' ORDER BY r.role), '') AS roles
          FROM users u JOIN organizations o ON o.id = u.organization_id
          LEFT JOIN role_assignments r ON r.user_id = u.id
         GROUP BY u.email, o.name, o.domain ORDER BY u.email`);
      expect(rows).toEqual([
        { email: 'beheer@datahub.test', organization: 'Datahub Beheer', domain: null, roles: 'AdminOrganization.Owner' },
        { email: 'eigenaar@kassenbouw-west.test', organization: 'Kassenbouw West', domain: null, roles: 'Organization.Owner' },
        { email: 'eigenaar@kwekerij-delta.test', organization: 'Kwekerij Delta', domain: 'kwekerij-delta.test', roles: 'Organization.Owner' },
        { email: 'lid@kwekerij-delta.test', organization: 'Kwekerij Delta', domain: 'kwekerij-delta.test', roles: '' },
      ]);
      for (const { email } of rows) {
        const login = await demo.request('/api/auth/login', { method: 'POST', json: { email, password: 'Tuinbouw-demo-2026' } });
        expect(login.status, email).toBe(200);
      }
    } finally {
      await demo.close();
    }
  });
});
