import { randomUUID } from 'node:crypto';
import { OPEN_STANDARDS_LABELS as O } from '@datahub/domain';
import { expect, test } from './fixtures';
import { apiLogin } from './helpers';
import { onlineDataset } from './online-dataset';
import { DEMO_USERS } from './settings';

/**
 * Issue 36: the open DCAT-AP-NL catalogue is linked from the footer and /datasets, each dataset page
 * names its Turtle entry as an alternate, and the dataset's own address answers Turtle to an RDF
 * client without sign-in (JavaScript on and off: the 'js' and 'no-js' projects).
 */
test('the footer and /datasets link to the open catalogue, and a dataset page names its Turtle entry', async ({ page, signInAs, request }) => {
  const run = randomUUID().slice(0, 8);
  const { online, dispose } = await onlineDataset(await apiLogin(DEMO_USERS.owner), {
    file: 'kas.ttl',
    turtle: `PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>\n<http://www.example.org/open-catalogus/${run}/a> cgo:hasCategory 'Water' .\n`,
    name: `Open catalogus ${run}`,
    about: 'Een dataset in de open catalogus.',
    contact: 'kas@kwekerij-delta.test',
    additional_info: '',
  });
  try {
    await signInAs(DEMO_USERS.member);
    await page.goto('/datasets');
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: O.openCatalogue });
    await expect(footerLink).toHaveAttribute('href', O.openCatalogueHref);
    await expect(page.getByRole('main').getByRole('link', { name: O.openCatalogue })).toHaveAttribute('href', O.openCatalogueHref);

    // The link leads to the catalogue itself (a browser's Accept: Turtle through */*), with this dataset in it.
    const catalogue = await request.get(O.openCatalogueHref, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(catalogue.headers()['content-type']).toMatch(/^text\/turtle/);
    expect(await catalogue.text()).toContain(`/dataset/${online.slug}>`);

    await page.goto(`/dataset/${online.slug}`);
    const alternate = page.locator('head link[rel="alternate"][type="text/turtle"]');
    await expect(alternate).toHaveAttribute('href', `/api/catalog/datasets/${online.slug}`);

    // The dataset's own address: a page for a browser, its DCAT-AP-NL entry for an RDF client, signed in or not.
    const anonymous = await request.get(`/dataset/${online.slug}`, { headers: { accept: 'text/turtle' }, maxRedirects: 0 });
    expect(anonymous.status()).toBe(200);
    expect(anonymous.headers()['content-type']).toMatch(/^text\/turtle/);
    const turtle = await anonymous.text();
    expect(turtle).toContain('dcat:Dataset');
    expect(turtle).toContain('"Open catalogus');
    const entry = await request.get((await alternate.getAttribute('href'))!);
    // The same entry (blank node labels are per answer).
    const unlabelled = (text: string) => text.replace(/_:[\w-]+/g, '_:b');
    expect(unlabelled(await entry.text())).toBe(unlabelled(turtle));
    const html = await request.get(`/dataset/${online.slug}`, { headers: { accept: 'text/html' }, maxRedirects: 0 });
    expect(html.headers()['content-type'] ?? '').not.toMatch(/turtle/);
  } finally {
    await dispose();
  }
});

test('the sign-in page links to the open catalogue too', async ({ page }) => {
  await page.goto('/inloggen');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: O.openCatalogue })).toHaveAttribute('href', O.openCatalogueHref);
});
