import { expect, test } from './fixtures';
import { createApplication, domain, organizationId, unique } from './applications-helpers';
import { openConfirmation } from './confirm-helpers';
import { api, apiLogin, apiSignUp } from './helpers';
import { DEMO_USERS } from './settings';

const { APPLICATION_LABELS: L, CONFIRM_LABELS, ERROR_TEXTS, FIELD_ERRORS, characterCounter } = domain;

test.describe('application catalogue', () => {
  test('/ and /applicaties list every application as a card to its page, searchable by name', async ({ page, signInAs, javaScriptEnabled }) => {
    const delta = await organizationId('kwekerij-delta');
    const tag = unique('Zoek').split(' ')[1];
    const first = await createApplication({ name: `Klimaatcomputer ${tag}`, owner_organization: delta });
    const second = await createApplication({ name: `Oogstregistratie ${tag}`, owner_organization: delta });
    await signInAs(DEMO_USERS.member);

    for (const path of ['/', '/applicaties']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Alle applicaties' })).toBeVisible();
      const cards = page.getByRole('list', { name: 'Alle applicaties' });
      const card = cards.getByRole('link', { name: new RegExp(first.name) });
      await expect(card).toHaveAttribute('href', `/applicatie/${first.slug}`);
      await expect(card).toContainText('Kwekerij Delta');
      await expect(card.getByTestId('logo-initials')).toHaveText('KL');
    }

    const search = page.getByRole('searchbox', { name: L.catalogue.searchLabel });
    await expect(search).toHaveAttribute('placeholder', 'zoek applicatie...');
    if (javaScriptEnabled) {
      // Every keystroke filters; nothing is submitted.
      await search.pressSequentially(`klimaatCOMPUTER ${tag}`);
      await expect(page).toHaveURL(/\/applicaties$/);
    } else {
      await search.fill(`klimaatCOMPUTER ${tag}`);
      await page.getByRole('button', { name: L.catalogue.search }).click();
      await expect(page).toHaveURL(/\?q=/);
      await expect(search).toHaveValue(`klimaatCOMPUTER ${tag}`);
    }
    await expect(page.getByRole('link', { name: new RegExp(first.name) })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(second.name) })).toHaveCount(0);

    await page.getByRole('link', { name: new RegExp(first.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/applicatie/${first.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  });

  test('the detail page: about, usage, the side card and the other applications of the owner', async ({ page, signInAs }) => {
    const west = await organizationId('kassenbouw-west');
    const priced = await createApplication({
      name: unique('Kasontwerper'),
      owner_organization: west,
      category: 'Kassenbouw',
      price_per_year: 1250.5,
      url: 'https://kasontwerper.example.nl/start',
      url_terms_of_delivery: 'https://kasontwerper.example.nl/voorwaarden',
      url_privacy_statement: 'https://kasontwerper.example.nl/privacy',
      about: 'Ontwerpt kassen.\nMet tekeningen.',
      usage: 'Berekent de constructie.',
    });
    const free = await createApplication({ name: unique('Kasplanner'), owner_organization: west });
    await signInAs(DEMO_USERS.member);
    await page.goto(`/applicatie/${priced.slug}`);

    const breadcrumb = page.getByRole('banner').getByRole('navigation', { name: L.detail.breadcrumb });
    await expect(breadcrumb.getByRole('link', { name: 'Applicaties' })).toHaveAttribute('href', '/applicaties');
    await expect(breadcrumb).toContainText(priced.name);
    await expect(page.getByRole('heading', { name: 'Over de applicatie' })).toBeVisible();
    await expect(page.getByText('Ontwerpt kassen.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Wat doet de applicatie?' })).toBeVisible();
    await expect(page.getByText('Berekent de constructie.')).toBeVisible();
    const side = page.getByTestId('application-side-card');
    await expect(side.getByTestId('application-price')).toHaveText('€ 1.250,50 per jaar');
    await expect(side).toContainText('Kassenbouw');
    await expect(side).toContainText('Kassenbouw West');
    await expect(side.getByRole('link', { name: L.detail.termsOfDelivery })).toHaveAttribute('href', 'https://kasontwerper.example.nl/voorwaarden');
    await expect(side.getByRole('link', { name: L.detail.privacyStatement })).toHaveAttribute('href', 'https://kasontwerper.example.nl/privacy');
    const open = side.getByRole('link', { name: 'Naar applicatie' });
    await expect(open).toHaveAttribute('href', 'https://kasontwerper.example.nl/start');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', 'noopener noreferrer');

    const others = page.getByRole('list', { name: L.detail.others('Kassenbouw West') });
    await expect(others.getByRole('link', { name: new RegExp(free.name) })).toHaveAttribute('href', `/applicatie/${free.slug}`);
    await expect(others.getByRole('link', { name: new RegExp(priced.name) })).toHaveCount(0);

    await others.getByRole('link', { name: new RegExp(free.name) }).click();
    await expect(page.getByTestId('application-price')).toHaveText('Op aanvraag');
    await expect(page.getByRole('link', { name: L.detail.termsOfDelivery })).toHaveCount(0);

    await page.goto('/applicatie/bestaat-niet');
    await expect(page.getByRole('heading', { name: L.detail.notFoundTitle })).toBeVisible();
  });

  test("/mijn-applicaties and /applicaties/{organisation} show one organisation's applications, or say there are none", async ({ page, signInAs }) => {
    const west = await organizationId('kassenbouw-west');
    const own = await createApplication({ name: unique('Westkas'), owner_organization: west });
    await signInAs(DEMO_USERS.otherOwner);
    await page.goto('/mijn-applicaties');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn applicaties' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(own.name) })).toHaveAttribute('href', `/applicatie/${own.slug}`);
    await page.goto('/applicaties/kassenbouw-west');
    await expect(page.getByRole('link', { name: new RegExp(own.name) })).toBeVisible();

    const newcomer = await apiSignUp();
    await page.context().clearCookies();
    await signInAs(DEMO_USERS.member);
    await page.goto(`/applicaties/${newcomer.organization_slug}`);
    await expect(page.getByText(L.mine.empty)).toBeVisible();
    await expect(page.getByRole('link', { name: L.mine.documentation })).toHaveAttribute('href', L.mine.documentationUrl);
    await expect(page.getByRole('link', { name: new RegExp(own.name) })).toHaveCount(0);
  });
});

test.describe('managing applications', () => {
  test('only organisation admins open the Beheer pages', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.owner);
    for (const path of ['/beheer-applicaties', '/beheer-applicaties/aanmaken']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByLabel(L.form.name, { exact: true })).toHaveCount(0);
    }
  });

  test('creates an application: counters, a failed save keeps the input, then the edit page', async ({ page, signInAs, javaScriptEnabled }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/beheer-applicaties');
    await expect(page.getByRole('heading', { level: 1, name: L.manage.title })).toBeVisible();
    await page.getByRole('link', { name: L.manage.create }).click();
    await expect(page).toHaveURL(/\/beheer-applicaties\/aanmaken$/);

    // The owner list has no personal organisations.
    await expect(page.getByLabel(L.form.ownerOrganization, { exact: true }).locator('option', { hasText: 'Kwekerij Delta' })).toHaveCount(1);
    const owners = await page.getByLabel(L.form.ownerOrganization, { exact: true }).locator('option').allTextContents();
    expect(owners).toContain('Kwekerij Delta');
    expect(owners.some((name) => name.startsWith('tmp_'))).toBe(false);

    // Data sources to link: with JavaScript only the chosen owner's, without it all (nest-api checks).
    const westSource = unique('Westbron');
    expect((await api(await apiLogin(DEMO_USERS.otherOwner), 'post', '/api/datasources', { body: { name: westSource, hostname: '' } })).status).toBe(201);
    await page.reload();
    const name = unique('Gewasvolger');
    await page.getByLabel(L.form.name, { exact: true }).fill(name);
    await page.getByLabel(L.form.ownerOrganization, { exact: true }).selectOption({ label: 'Kwekerij Delta' });
    const sources = () => page.getByLabel(L.form.datasource, { exact: true }).locator('option').allTextContents();
    expect(await sources()).toContain('Kasdata Kwekerij Delta');
    if (javaScriptEnabled) expect(await sources()).not.toContain(westSource);
    else expect(await sources()).toContain(westSource);
    await expect(page.getByTestId('about-counter')).toHaveText(characterCounter(0, 1000));
    await page.getByLabel(L.form.about, { exact: true }).fill('Volgt gewassen.');
    await page.getByLabel(L.form.usage, { exact: true }).fill('Registreert.');
    if (javaScriptEnabled) {
      await expect(page.getByTestId('about-counter')).toHaveText('15 / 1000 tekens');
      await expect(page.getByTestId('usage-counter')).toHaveText('12 / 500 tekens');
    }
    await page.getByLabel(L.form.category, { exact: true }).selectOption('Gewas registratie');
    await page.getByLabel(L.form.pricePerYear, { exact: true }).fill('twaalf');
    await page.getByLabel(L.form.url, { exact: true }).fill('https://gewasvolger.example.nl');
    await page.getByRole('button', { name: L.form.create }).click();

    // A filled-in field refused for its content is named in the summary (issue 37), not 'Niet alle verplichte velden'.
    await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.application.checkField(L.form.pricePerYear, 'prijs per jaar moet in cijfers zijn'));
    await expect(page.getByText('prijs per jaar moet in cijfers zijn', { exact: true })).toBeVisible();
    await expect(page.getByLabel(L.form.name, { exact: true })).toHaveValue(name);
    await expect(page.getByLabel(L.form.about, { exact: true })).toHaveValue('Volgt gewassen.');
    await expect(page.getByLabel(L.form.category, { exact: true })).toHaveValue('Gewas registratie');
    await expect(page.getByLabel(L.form.pricePerYear, { exact: true })).toHaveValue('twaalf');
    // Without JavaScript the counter shows the kept text's length as sent by the server.
    await expect(page.getByTestId('about-counter')).toHaveText('15 / 1000 tekens');

    await page.getByLabel(L.form.pricePerYear, { exact: true }).fill('1.250,50');
    await page.getByRole('button', { name: L.form.create }).click();
    await expect(page).toHaveURL(/\/beheer-applicatie\/gewasvolger-/);
    await expect(page.getByRole('status')).toContainText(L.form.created(name));

    const token = await apiLogin(DEMO_USERS.admin);
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    const stored = await api(token, 'get', '/api/application/{slug}', { params: { path: { slug } } });
    expect(stored.data).toMatchObject({ price_per_year: 1250.5, category: 'Gewas registratie', owner_organization_name: 'Kwekerij Delta' });
  });

  test('edits an application; a taken name is refused and the input kept', async ({ page, signInAs }) => {
    const delta = await organizationId('kwekerij-delta');
    const application = await createApplication({ name: unique('Bewerkbaar'), owner_organization: delta, price_per_year: 10 });
    const other = await createApplication({ name: unique('Bezet'), owner_organization: delta });
    await signInAs(DEMO_USERS.admin);
    await page.goto('/beheer-applicaties');
    await page.getByRole('link', { name: new RegExp(application.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/beheer-applicatie/${application.slug}$`));
    await expect(page.getByLabel(L.form.pricePerYear, { exact: true })).toHaveValue('10');

    await page.getByLabel(L.form.name, { exact: true }).fill(other.name.toUpperCase());
    await page.getByLabel(L.form.usage, { exact: true }).fill('Nieuwe uitleg.');
    await page.getByRole('button', { name: L.form.save }).click();
    await expect(page.getByRole('alert')).toHaveText('Er bestaat al een applicatie met deze naam');
    await expect(page.getByLabel(L.form.name, { exact: true })).toHaveValue(other.name.toUpperCase());
    await expect(page.getByLabel(L.form.usage, { exact: true })).toHaveValue('Nieuwe uitleg.');

    const renamed = `${application.name} Pro`;
    await page.getByLabel(L.form.name, { exact: true }).fill(renamed);
    await page.getByLabel(L.form.pricePerYear, { exact: true }).fill('');
    await page.getByRole('button', { name: L.form.save }).click();
    await expect(page.getByRole('status')).toContainText(L.form.saved);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await page.goto(`/applicatie/${application.slug}`);
    await expect(page.getByTestId('application-price')).toHaveText('Op aanvraag');
    await expect(page.getByText('Nieuwe uitleg.')).toBeVisible();
  });

  test('deletes an application after confirmation', async ({ page, signInAs, javaScriptEnabled }) => {
    const delta = await organizationId('kwekerij-delta');
    const application = await createApplication({ name: unique('Weg'), owner_organization: delta });
    const token = await apiLogin(DEMO_USERS.admin);
    const stored = async () => (await api(token, 'get', '/api/application/{slug}', { params: { path: { slug: application.slug } } })).status;
    await signInAs(DEMO_USERS.admin);
    const self = `/beheer-applicatie/${application.slug}`;
    await page.goto(self);
    const button = page.getByRole('button', { name: L.remove.button });

    // Cancelling keeps it: the dialog closes (focus back on the button), or the page leads back.
    let confirmation = await openConfirmation(page, javaScriptEnabled, button, L.remove.title(application.name));
    await expect(confirmation.getByText(L.remove.explain)).toBeVisible();
    if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`${self}/verwijderen\\??$`));
    await confirmation.getByRole(javaScriptEnabled ? 'button' : 'link', { name: CONFIRM_LABELS.cancel }).click();
    if (javaScriptEnabled) {
      await expect(confirmation).toHaveCount(0);
      await expect(button).toBeFocused();
    }
    await expect(page).toHaveURL(new RegExp(`${self}$`));
    expect(await stored()).toBe(200);

    confirmation = await openConfirmation(page, javaScriptEnabled, button, L.remove.title(application.name));
    await confirmation.getByRole('button', { name: L.remove.confirm }).click();
    await expect(page).toHaveURL(/\/beheer-applicaties$/);
    await expect(page.getByRole('status')).toContainText(L.remove.removed(application.name));
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await stored()).toBe(404);
  });

  test("sets, refuses, clears and resets the linked data source's path overrides", async ({ page, signInAs }) => {
    const ownerToken = await apiLogin(DEMO_USERS.owner);
    const source = await api(ownerToken, 'post', '/api/datasources', { body: { name: unique('Applicatiebron'), hostname: '' } });
    expect(source.status).toBe(201);
    const delta = await organizationId('kwekerij-delta');
    const linked = await createApplication({ name: unique('Gekoppeld'), owner_organization: delta, datasource_id: source.data.datasource_id });
    const unlinked = await createApplication({ name: unique('Ongekoppeld'), owner_organization: delta });
    const overrides = async () =>
      Object.fromEntries(
        (await api(ownerToken, 'get', '/api/datasources/{id}/path-overrides', { params: { path: { id: source.data.datasource_id } } })).data.map(
          (row) => [row.datasource_path, row.path_override_pattern],
        ),
      );
    await signInAs(DEMO_USERS.admin);

    await page.goto(`/beheer-applicatie/${unlinked.slug}`);
    await expect(page.getByText('Geen databron gevonden voor deze applicatie.')).toBeVisible();

    await page.goto(`/beheer-applicatie/${linked.slug}`);
    await expect(page.getByText(L.pathOverrides.datasourceOf(source.data.name))).toBeVisible();
    const host = page.getByLabel(L.pathOverrides.host, { exact: true });
    const dataset = page.getByLabel(L.pathOverrides.dataset, { exact: true });
    const metadata = page.getByLabel(L.pathOverrides.dataset_metadata, { exact: true });
    await expect(host).toHaveAttribute('placeholder', '{host}');
    await expect(dataset).toHaveAttribute('placeholder', '/datasets/{DATASET_ID}');
    await expect(metadata).toHaveAttribute('placeholder', '/datasets/{DATASET_ID}/metadata');

    await host.fill('https://{host}/hub');
    await dataset.fill('/api/sets/{DATASET_ID}');
    await page.getByRole('button', { name: L.pathOverrides.save }).click();
    await expect(page.getByRole('status').filter({ hasText: L.pathOverrides.saved })).toBeVisible();
    await expect.poll(overrides).toEqual({ host: 'https://{host}/hub', dataset: '/api/sets/{DATASET_ID}' });

    // A blanked value that was set is deleted; an unchanged one is left alone; a bad one is refused by the API.
    await dataset.fill('');
    await metadata.fill('geen-pad');
    await page.getByRole('button', { name: L.pathOverrides.save }).click();
    await expect(page.getByRole('alert')).toHaveText(`Fout bij updaten van padoverschrijving (dataset_metadata): ${FIELD_ERRORS.invalid}`);
    await expect(metadata).toHaveValue('geen-pad');
    await expect.poll(overrides).toEqual({ host: 'https://{host}/hub' });

    await metadata.fill('/api/sets/{DATASET_ID}/meta');
    await page.getByRole('button', { name: L.pathOverrides.save }).click();
    await expect(page.getByRole('status').filter({ hasText: L.pathOverrides.saved })).toBeVisible();
    await expect.poll(overrides).toEqual({ host: 'https://{host}/hub', dataset_metadata: '/api/sets/{DATASET_ID}/meta' });
    await expect(host).toHaveValue('https://{host}/hub');

    await page.getByRole('button', { name: L.pathOverrides.reset }).click();
    await expect(page.getByRole('status').filter({ hasText: L.pathOverrides.saved })).toBeVisible();
    await expect.poll(overrides).toEqual({});
    await expect(host).toHaveValue('');
  });
});
