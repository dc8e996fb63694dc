import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNT_LABELS } from './domain';
import { createApplication, organizationId } from './applications-helpers';
import { api, apiLogin, apiSignUp, ownerDataset, submitLogin } from './helpers';
import { onlineDataset } from './online-dataset';
import { DEMO_PASSWORD, DEMO_USERS } from './settings';
import { hydrated } from './confirm-helpers';

/**
 * Issue 37 item 1: a form posted after the session ended shows every value again after signing in,
 * whatever the field kind. Each case only says how to reach a form; the fields are found, filled
 * (text, textarea, checkboxes, radios, selects, dates) and compared generically. The route files
 * are read so that a new route that posts is either covered here or listed as not yet covered.
 */

interface Case {
  /** Opens the page with the form; returns the user to sign in again as. */
  open: (page: Page) => Promise<{ email: string; password: string }>;
  form: (page: Page) => Locator;
}

/** The reference data sources the cases start (datahub-e2e-agent-* processes): stopped after the file. */
const started: (() => Promise<void>)[] = [];
test.afterAll(async () => {
  for (const dispose of started.splice(0)) await dispose();
});

const CASES: Record<string, Case> = {
  '_shell.profiel.tsx': {
    open: async (page) => signInAndOpen(page, await apiSignUp(), '/profiel'),
    form: (page) => page.locator('form:has([name="firstname"])'),
  },
  '_shell.hulp.tsx': {
    open: async (page) => signInAndOpen(page, await apiSignUp(), '/hulp'),
    form: (page) => page.locator('main form:has([name="description"])'),
  },
  '_shell.dataset.$slug_.toegang-aanvragen.tsx': {
    open: async (page) => {
      const run = randomUUID().slice(0, 8);
      const { online, dispose } = await onlineDataset(await apiLogin(DEMO_USERS.owner), {
        file: 'kas.ttl',
        turtle: `PREFIX : <http://www.example.org/bewaard/${run}/>\n:meting :waarde 1 .\n`,
        name: `Bewaard ${run}`,
        about: 'Een meting.',
        contact: 'kas@kwekerij-delta.test',
        additional_info: '',
      });
      started.push(dispose);
      return signInAndOpen(page, { email: DEMO_USERS.otherOwner, password: DEMO_PASSWORD }, `/dataset/${online.slug}/toegang-aanvragen`);
    },
    form: (page) => page.locator('main form:has([name="reason"])'),
  },
  '_shell.beheer-applicatie.$slug._index.tsx': {
    open: async (page) => {
      const application = await createApplication({ owner_organization: await organizationId('kwekerij-delta'), name: `Bewaard ${randomUUID().slice(0, 8)}` });
      return signInAndOpen(page, { email: DEMO_USERS.admin, password: DEMO_PASSWORD }, `/beheer-applicatie/${application.slug}`);
    },
    form: (page) => page.locator('form:has([name="usage"])'),
  },
  '_shell.beheer-applicaties.aanmaken.tsx': {
    open: (page) => signInAndOpen(page, { email: DEMO_USERS.admin, password: DEMO_PASSWORD }, '/beheer-applicaties/aanmaken'),
    form: (page) => page.locator('form:has([name="usage"])'),
  },
  '_shell.machtigingen.aanmaken.tsx': {
    open: async (page) => {
      await ownerDataset();
      return signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, '/machtigingen/aanmaken');
    },
    form: (page) => page.locator('main form:has([name="expiration_date"])'),
  },
  '_shell.machtigingen.$id.wijzigen.tsx': {
    open: async (page) => {
      const { dataset } = await ownerDataset();
      const granted = await api(await apiLogin(DEMO_USERS.owner), 'post', '/api/datasets/{id}/authorisations', {
        params: { path: { id: dataset.dataset_id } },
        body: { dataset: dataset.dataset_id, authorisations: ['Dataset.ReadWater'], assignee_organization: await organizationId('kassenbouw-west') },
      });
      expect(granted.status, JSON.stringify(granted.data)).toBe(201);
      return signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, `/machtigingen/${granted.data[0]!.authorisation_assignment_id}/wijzigen`);
    },
    form: (page) => page.locator('main form:has([name="expiration_date"])'),
  },
  '_shell.machtigingen.aanvragen.$id.tsx': {
    open: async (page) => signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, `/machtigingen/aanvragen/${await openRequest()}`),
    form: (page) => page.locator('main form:has([name="expiration_date"])'),
  },
  // The decline form beside it on the same page (several forms: kept values go back to the one posted).
  '_shell.machtigingen.aanvragen.$id.tsx (afwijzen)': {
    open: async (page) => signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, `/machtigingen/aanvragen/${await openRequest()}`),
    form: (page) => page.locator('main form:has([name="reason"])'),
  },
  '_shell.gebruiker.$userId.tsx': {
    open: async (page) => signInAndOpen(page, { email: DEMO_USERS.admin, password: DEMO_PASSWORD }, `/gebruiker/${(await apiSignUp()).id}`),
    form: (page) => page.locator('main form:has([name="roles"])'),
  },
  '_shell.organisatie.$slug.tsx': {
    open: (page) => signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, '/organisatie/kwekerij-delta'),
    form: (page) => page.locator('main form:has([name="kvk_number"])'),
  },
  '_shell.databronnen.aanmaken.tsx': {
    open: (page) => signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, '/databronnen/aanmaken'),
    form: (page) => page.locator('main form:has([name="name"])'),
  },
  '_shell.databronnen.aanmaken-azure.tsx': {
    open: (page) => signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, '/databronnen/aanmaken-azure'),
    form: (page) => page.locator('main form:has([name="name"])'),
  },
  '_shell.mijn-gebruikers.tsx': {
    open: (page) => signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, '/mijn-gebruikers'),
    form: (page) => page.locator('main form:has(input[name="email"])'),
  },
  // Three forms post to /mijn-organisatie and two to /profiel: each comes back in its own form.
  '_shell.mijn-organisatie.tsx': {
    open: (page) => signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, '/mijn-organisatie'),
    form: (page) => page.locator('main form:has([name="expires_on"])'),
  },
  '_shell.mijn-organisatie.tsx (webhook)': {
    open: (page) => signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, '/mijn-organisatie'),
    form: (page) => page.locator('main form:has([name="kinds"])'),
  },
  '_shell.profiel.tsx (api-token)': {
    open: async (page) => signInAndOpen(page, await apiSignUp(), '/profiel'),
    form: (page) => page.locator('main form:has([name="expires_on"])'),
  },
  '_shell.dataset.$slug.tsx': {
    open: async (page) => {
      const { online, dispose } = await ownerDatasetOnline('Query');
      started.push(dispose);
      return signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, `/dataset/${online.slug}`);
    },
    form: (page) => page.locator('main form:has(textarea[name="sparql_query"])'),
  },
  '_shell.sparql.tsx': {
    open: async (page) => {
      // Three readable datasets, so that ticking 'the second and third' is a choice of its own.
      for (const index of [1, 2, 3]) started.push((await ownerDatasetOnline(`Werkbank ${index}`)).dispose);
      return signInAndOpen(page, { email: DEMO_USERS.owner, password: DEMO_PASSWORD }, '/sparql');
    },
    form: (page) => page.locator('main form:has(textarea[name="sparql_query"])'),
  },
};

/** A one-triple dataset of Kwekerij Delta, online; dispose it after the test. */
async function ownerDatasetOnline(label: string) {
  const run = randomUUID().slice(0, 8);
  return onlineDataset(await apiLogin(DEMO_USERS.owner), {
    file: 'query.ttl',
    turtle: `PREFIX : <http://www.example.org/query/${run}/>\n:meting :waarde 1 .\n`,
    name: `${label} ${run}`,
    about: 'Een meting.',
    contact: 'kas@kwekerij-delta.test',
    additional_info: '',
  });
}

/** An open access request of the platform's organisation on a dataset of Kwekerij Delta. */
async function openRequest(): Promise<string> {
  const { dataset } = await ownerDataset();
  const requested = await api(await apiLogin(DEMO_USERS.admin), 'post', '/api/datasets/{id}/access-requests', {
    params: { path: { id: dataset.dataset_id } },
    body: { authorisations: ['Dataset.ReadHeating', 'Dataset.ReadWater'], reason: 'Voor een vergelijking.' },
  });
  expect(requested.status, JSON.stringify(requested.data)).toBe(201);
  return requested.data.access_request_id;
}

/** Routes that post but have no case yet (issue 37 item 1): none left. */
const NOT_YET = new Set<string>([]);

/**
 * Routes whose forms have nothing a person types or chooses (buttons with hidden fields,
 * confirmation pages): 'geen invoer', nothing to give back.
 */
const NO_INPUT: Record<string, string> = {
  '_shell._index.tsx': 'geen invoer',
  '_shell.applicaties.$slug.tsx': 'geen invoer',
  '_shell.beheer-applicatie.$slug.verwijderen.tsx': 'geen invoer',
  '_shell.beheer-datasets.tsx': 'geen invoer',
  '_shell.beheer-hulp.tsx': 'geen invoer',
  '_shell.beheer-taken.tsx': 'geen invoer',
  '_shell.databron.$id.tsx': 'geen invoer',
  '_shell.databron.$id_.$bevestiging.tsx': 'geen invoer',
  '_shell.gebruiker.$userId_.verwijderen.tsx': 'geen invoer',
  // An admin's view of another organisation: remove buttons only; the invite form (the same component) is covered on /mijn-gebruikers.
  '_shell.gebruikers.$slug.tsx': 'geen invoer',
  '_shell.machtigingen.$id.intrekken.tsx': 'geen invoer',
  // Its forms are revokes; the request forms on it post to /machtigingen/aanvragen/{id} (covered above).
  '_shell.machtigingen._index.tsx': 'geen invoer',
  '_shell.mijn-datasets.tsx': 'geen invoer',
  '_shell.mijn-gebruikers_.uitnodigingen.$id.intrekken.tsx': 'geen invoer',
  '_shell.mijn-organisatie_.api-tokens.$id.intrekken.tsx': 'geen invoer',
  '_shell.mijn-organisatie_.leden-api-tokens.$id.intrekken.tsx': 'geen invoer',
  '_shell.mijn-organisatie_.webhooks.$id.verwijderen.tsx': 'geen invoer',
  '_shell.profiel_.api-tokens.$id.intrekken.tsx': 'geen invoer',
  // The downloads post the query as a hidden field; it is typed on /dataset/{slug} (covered above).
  '_shell.dataset.$slug_.resultaat.ts': 'geen invoer',
  // Likewise for the workbench over several datasets: the query is typed on /sparql.
  '_shell.sparql_.resultaat.ts': 'geen invoer',
  // The rating drawer posts here with JavaScript (a fetcher, no page to return to); without it the rating form is on /profiel.
  '_shell.beoordeling.ts': 'geen invoer (geen pagina)',
};

/** Posted before signing in (no session to end), or not a page form. */
const NOT_SIGNED_IN = new Set([
  'inloggen.tsx',
  'registreren.tsx',
  'registreren_.bevestigen.$token.tsx',
  'registreren_.verstuurd.tsx',
  'wachtwoord-vergeten.tsx',
  'wachtwoord-herstellen.$token.tsx',
  'uitnodiging.$token.tsx',
  'toestemming.tsx',
  'tweestapsverificatie.tsx',
  'gebruik.ts',
  '$.tsx',
  '_shell.welkom.ts',
]);

async function signInAndOpen(page: Page, user: { email: string; password: string }, path: string) {
  await page.goto(`/inloggen?redirect_uri=${encodeURIComponent(path)}`);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  return user;
}

type Snapshot = Record<string, string[]>;

/** Every value the form would post for the fields a person fills in (no hidden fields, files or passwords). */
function snapshot(form: Locator): Promise<Snapshot> {
  return form.evaluate((element) => {
    const values: Record<string, string[]> = {};
    for (const field of Array.from((element as HTMLFormElement).elements)) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) || !field.name) continue;
      if (['hidden', 'file', 'password', 'submit', 'button'].includes(field.type) || /password|wachtwoord|^code$|^token$/i.test(field.name)) continue;
      const list = (values[field.name] ??= []);
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        if (field.checked) list.push(field.value);
      } else list.push(field.value);
    }
    return values;
  });
}

/**
 * Changes every field to a value it did not have: text per kind, the other boxes ticked, another
 * radio, another option. Each change fires the events a person's typing or click fires, so a field
 * React controls keeps the value when the page renders again (a bare property write would be undone).
 */
async function fillEverything(form: Locator, run: string): Promise<void> {
  await form.evaluate((element, tag) => {
    const setValue = (field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) => {
      const prototype = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    };
    const groups = new Map<string, HTMLInputElement[]>();
    for (const field of Array.from((element as HTMLFormElement).elements)) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) || !field.name) continue;
      if ((field instanceof HTMLSelectElement ? false : field.readOnly) || field.disabled || ['hidden', 'file', 'password', 'submit', 'button'].includes(field.type)) continue;
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        groups.set(`${field.type}:${field.name}`, [...(groups.get(`${field.type}:${field.name}`) ?? []), field]);
      } else if (field instanceof HTMLSelectElement) {
        const other = Array.from(field.options).reverse().find((option) => option.value && !option.selected);
        if (other) setValue(field, other.value);
      } else if (field.type === 'date') setValue(field, '2031-05-17');
      else if (field.type === 'email') setValue(field, `bewaard-${tag}@voorbeeld.test`);
      else if (field.type === 'url') setValue(field, `https://bewaard.example.nl/${tag}`);
      else if (field.type === 'number' || field.inputMode === 'decimal') setValue(field, '17');
      else setValue(field, `Bewaard ${field.name} ${tag}`.slice(0, field.maxLength > 0 ? field.maxLength : undefined));
    }
    for (const [key, boxes] of groups) {
      if (key.startsWith('radio:')) {
        const other = [...boxes].reverse().find((box) => !box.checked);
        other?.click();
      } else {
        // A different, non-empty choice: the second and third boxes only (or the first when alone).
        boxes.forEach((box, index) => {
          if (box.checked !== (boxes.length === 1 || index === 1 || index === 2)) box.click();
        });
      }
    }
  }, run);
}

test.describe('a form posted after the session ended comes back whole', () => {
  test('every route file that posts is covered here or listed as not yet covered', () => {
    const routes = fileURLToPath(new URL('../../app/routes/', import.meta.url));
    const posting = readdirSync(routes).filter((file) => /export (async )?(function|const) action\b/.test(readFileSync(join(routes, file), 'utf8')));
    const unlisted = posting.filter((file) => !(file in CASES) && !(file in NO_INPUT) && !NOT_YET.has(file) && !NOT_SIGNED_IN.has(file));
    expect([...NOT_YET], 'every form that posts is covered').toEqual([]);
    expect(unlisted, 'a route that posts: add a case (or list it)').toEqual([]);
  });

  for (const [route, { open, form }] of Object.entries(CASES)) {
    test(`${route}: every field kind is shown again after signing in`, async ({ page, javaScriptEnabled }) => {
      const user = await open(page);
      // Fields React controls (the role boxes) take their state at hydration: type after it, as a person would.
      await hydrated(page, javaScriptEnabled);
      const path = new URL(page.url()).pathname;
      await fillEverything(form(page), randomUUID().slice(0, 8));
      const typed = await snapshot(form(page));
      expect(Object.keys(typed).length, 'the form has fields').toBeGreaterThan(0);

      // The session ends by expiry: the browser drops the token's cookie.
      await page.context().clearCookies({ name: 'access_token' });
      await form(page).locator('button[type="submit"], button:not([type])').last().click();
      await expect(page).toHaveURL(/\/inloggen\?redirect_uri=/);
      await submitLogin(page, user.email, user.password);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?index)?$`));
      await expect(page.getByText(ACCOUNT_LABELS.keptForm)).toBeVisible();
      await hydrated(page, javaScriptEnabled);
      expect(await snapshot(form(page))).toEqual(typed);
    });
  }
});
