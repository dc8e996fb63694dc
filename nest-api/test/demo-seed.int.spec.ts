import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it("seeds three applications, one per category, one without a price and one on Kwekerij Delta's data source with a licence server", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'demo-seed-'));
    const credentialsFile = join(dir, 'credentials.json');
    const demo = await startTestApi({
      DEMO_SEED: 'true',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      DEMO_DATASOURCE_CREDENTIALS: credentialsFile,
      DEMO_LICENCE_SERVER_URL: 'http://127.0.0.1:3999',
    });
    try {
      const token = (await (await demo.request('/api/auth/login', { method: 'POST', json: { email: 'lid@kwekerij-delta.test', password: 'Tuinbouw-demo-2026' } })).json())
        .access_token;
      const applications = await (await demo.request('/api/applications', { token })).json();
      expect(applications.length).toBeGreaterThanOrEqual(3);
      expect(new Set(applications.map((a: { category: string }) => a.category))).toEqual(new Set(['Kassenbouw', 'Gewas registratie', 'IPM']));
      expect(applications.some((a: { price_per_year: number | null }) => a.price_per_year === null)).toBe(true);
      const linked = applications.filter((a: { datasource_id: string | null }) => a.datasource_id);
      expect(linked).toHaveLength(1);
      expect(linked[0]).toMatchObject({ owner_organization_name: 'Kwekerij Delta', url_licence_server: 'http://127.0.0.1:3999' });
      // The demo agent's credentials are for that same data source, not a second one.
      const credentials = JSON.parse(await readFile(credentialsFile, 'utf8'));
      expect(credentials.datasource_id).toBe(linked[0].datasource_id);
      const source = await demo.request(`/api/applications/${linked[0].application_id}/datasource`, { token });
      expect(source.status).toBe(200);
      expect((await source.json()).name).toBe('Kasdata Kwekerij Delta');
      const [{ count }] = await demo.db.query(`SELECT count(*)::int AS count FROM datasources`);
      expect(count).toBe(1);
    } finally {
      await demo.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
