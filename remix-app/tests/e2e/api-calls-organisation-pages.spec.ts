import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { createApplication, organizationId } from './applications-helpers';
import { CountedPortal } from './counted-portal';
import { api, apiLogin } from './helpers';
import { DEMO_USERS } from './settings';

/**
 * The organisation, data-source, application and admin pages: each loader asks nest-api once, by
 * the shell's side on a whole page and alone when `{path}.data?_routes=<route id>` runs it alone.
 */

let portal: CountedPortal;
let datasourceId = '';
let applicationSlug = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await CountedPortal.start();
  const token = await apiLogin(DEMO_USERS.owner);
  const created = await api(token, 'post', '/api/datasources', { body: { name: `Geteld ${randomUUID().slice(0, 8)}`, hostname: '' } });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  datasourceId = created.data.datasource_id;
  applicationSlug = (await createApplication({ name: `Geteld ${randomUUID().slice(0, 6)}`, owner_organization: await organizationId('kwekerij-delta') })).slug;
});

test.afterAll(async () => {
  await portal?.stop();
});

/** Route file → [address, the one call its loader makes]. */
function ownerPages(): Record<string, [string, string]> {
  return {
    '_shell.organisatie.$slug': ['/organisatie/kwekerij-delta', 'GET /api/pages/organization/kwekerij-delta'],
    '_shell.organisaties': ['/organisaties', 'GET /api/organizations'],
    '_shell.databronnen._index': ['/databronnen', 'GET /api/pages/datasources'],
    '_shell.databron.$id': [`/databron/${datasourceId}`, `GET /api/pages/datasource/${datasourceId}`],
    '_shell.databron.$id_.$bevestiging': [`/databron/${datasourceId}/verwijderen`, `GET /api/pages/datasource/${datasourceId}`],
    '_shell.databronnen.aanmaken': ['/databronnen/aanmaken', 'GET /api/current_user'],
    '_shell.databronnen.aanmaken-azure': ['/databronnen/aanmaken-azure', 'GET /api/current_user'],
    '_shell.applicaties._index': ['/applicaties', 'GET /api/applications'],
    '_shell.applicaties.$slug': ['/applicaties/kwekerij-delta', 'GET /api/pages/organization/kwekerij-delta/applications'],
    '_shell.applicatie.$slug': [`/applicatie/${applicationSlug}`, `GET /api/pages/application/${applicationSlug}`],
    '_shell.mijn-applicaties': ['/mijn-applicaties', 'GET /api/pages/my-applications'],
    '_shell.beheer-datasets': ['/beheer-datasets', 'GET /api/pages/manage-datasets'],
  };
}

function adminPages(): Record<string, [string, string]> {
  return {
    '_shell.beheer-applicaties._index': ['/beheer-applicaties', 'GET /api/pages/manage-applications'],
    '_shell.beheer-applicatie.$slug._index': [`/beheer-applicatie/${applicationSlug}`, `GET /api/pages/manage-application/${applicationSlug}`],
    '_shell.beheer-applicaties.aanmaken': ['/beheer-applicaties/aanmaken', 'GET /api/pages/new-application'],
    '_shell.beheer-applicatie.$slug.verwijderen': [`/beheer-applicatie/${applicationSlug}/verwijderen`, `GET /api/pages/manage-application/${applicationSlug}`],
    '_shell.beheer-inzicht': ['/beheer-inzicht', 'GET /api/insight/overview'],
    '_shell.beheer-taken': ['/beheer-taken', 'GET /api/jobs'],
    '_shell.beheer-hulp': ['/beheer-hulp', 'GET /api/support-requests'],
  };
}

async function expectOneCallEach(pages: Record<string, [string, string]>, token: string): Promise<void> {
  for (const [route, [path, call]] of Object.entries(pages)) {
    const whole = await portal.get(path, token);
    expect(whole.status, path).toBe(200);
    // The shell's call shares the user with a loader that needs only the user (data-source creation).
    const shellOnly = call === 'GET /api/current_user';
    // A page read brings the shell along (ADR 0058); any other read is asked beside the shell's.
    const expected = shellOnly ? ['GET /api/pages/shell'] : call.startsWith('GET /api/pages/') ? [call] : [call, 'GET /api/pages/shell'].sort();
    expect(whole.calls, path).toEqual(expected);
    const alone = await portal.get(`${path}.data?_routes=${encodeURIComponent(`routes/${route}`)}`, token);
    expect(alone.status, `${path} alone`).toBe(200);
    expect(alone.calls, `${path} alone`).toEqual([call]);
  }
}

test('the organisation, data-source and application pages ask nest-api once for the page, the shell coming with a page read', async () => {
  test.skip(test.info().project.name !== 'no-js', 'no browser involved: counted once');
  await expectOneCallEach(ownerPages(), await apiLogin(DEMO_USERS.owner));
});

test('the admin pages ask nest-api once for the page, the shell coming with a page read', async () => {
  test.skip(test.info().project.name !== 'no-js', 'no browser involved: counted once');
  await expectOneCallEach(adminPages(), await apiLogin(DEMO_USERS.admin));
});
