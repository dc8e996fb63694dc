import { expect, test } from './fixtures';
import { createApplication, domain, organizationId, unique } from './applications-helpers';
import { apiSignUp, setAccessToken } from './helpers';
import { DEMO_USERS } from './settings';

const { APPLICATION_LABELS: L, APPLICATION_FIELD_ERRORS } = domain;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

test('an admin uploads, refuses and removes an application logo; cards show it, or the initials', async ({ page, signInAs }) => {
  const delta = await organizationId('kwekerij-delta');
  const application = await createApplication({ name: unique('Logoapp'), owner_organization: delta });
  await signInAs(DEMO_USERS.admin);
  await page.goto(`/beheer-applicatie/${application.slug}`);
  const section = page.getByRole('region', { name: L.logo.title });
  await expect(section.getByTestId('logo-initials')).toHaveText('LO');

  const file = section.getByLabel(L.logo.file, { exact: true });
  await file.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: SVG });
  await section.getByRole('button', { name: L.logo.upload }).click();
  await expect(page.getByRole('alert')).toHaveText(APPLICATION_FIELD_ERRORS.logoType);

  await section.getByLabel(L.logo.file, { exact: true }).setInputFiles({ name: 'groot.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(600 * 1024)]) });
  await section.getByRole('button', { name: L.logo.upload }).click();
  await expect(page.getByRole('alert')).toHaveText(APPLICATION_FIELD_ERRORS.logoSize);

  await section.getByLabel(L.logo.file, { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await section.getByRole('button', { name: L.logo.upload }).click();
  await expect(page.getByRole('status').filter({ hasText: L.logo.uploaded })).toBeVisible();
  const image = page.getByRole('region', { name: L.logo.title }).getByTestId('logo-image');
  const src = await image.getAttribute('src');
  expect(src).toMatch(/^\/api\/logos\/[0-9a-f-]{36}$/);
  // Served through the portal's own origin, with the strict headers.
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox");
  expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);

  await page.goto(`/applicaties?q=${encodeURIComponent(application.name)}`);
  const card = page.getByRole('link', { name: new RegExp(application.name) });
  await expect(card.getByTestId('logo-image')).toHaveAttribute('src', src!);
  await expect(card.getByTestId('logo-initials')).toHaveCount(0);

  await page.goto(`/beheer-applicatie/${application.slug}`);
  await page.getByRole('button', { name: L.logo.remove }).click();
  await expect(page.getByRole('status').filter({ hasText: L.logo.removed })).toBeVisible();
  await expect(page.getByRole('region', { name: L.logo.title }).getByTestId('logo-initials')).toHaveText('LO');
  expect((await page.request.get(src!)).status()).toBe(404);
});

test("an organisation's owner uploads its logo on the organisation page", async ({ page, baseURL, signInAs }) => {
  const newcomer = await apiSignUp();
  await setAccessToken(page.context(), baseURL!, newcomer.token);
  await page.goto('/mijn-organisatie');
  const section = page.getByRole('region', { name: L.logo.title });
  await section.getByLabel(L.logo.file, { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await section.getByRole('button', { name: L.logo.upload }).click();
  await expect(page.getByRole('status').filter({ hasText: L.logo.uploaded })).toBeVisible();
  await expect(page.getByRole('region', { name: L.logo.title }).getByTestId('logo-image')).toHaveAttribute('src', /^\/api\/logos\//);
  // Members without Organization.Update see no upload form.
  await page.context().clearCookies();
  await signInAs(DEMO_USERS.member);
  await page.goto('/mijn-organisatie');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: L.logo.title })).toHaveCount(0);
});
