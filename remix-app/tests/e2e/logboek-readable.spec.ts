import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { AUDIT_KIND_LABELS, AUDIT_LABELS as L } from '@datahub/domain';
import { expect, test } from './fixtures';
import { api, apiLogin } from './helpers';
import { API_PORT, DEMO_USERS } from './settings';
import { startOnlineDataset, type OnlineDataset } from './sparql-helpers';

/**
 * Issue 37 item 2, with JavaScript on and off: the Logboek reads at 1280×800 (a table that fits,
 * no word broken) and at 390×844 (a block per row), and its details are words — 'gelukt, 2 rijen'
 * instead of 'uitkomst 200', an approval that says it granted what was asked instead of 'X → X'.
 */
test.describe.configure({ mode: 'serial' });

const CGO = 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#';
let served: OnlineDataset;

test.beforeAll(async () => {
  const run = randomUUID().replaceAll('-', '').slice(0, 8);
  served = await startOnlineDataset(`E2E logboek ${run}`, {
    file: 'kas.ttl',
    turtle: `PREFIX : <http://www.example.org/logboek/${run}/>\nPREFIX cgo: <${CGO}>\n:watergift a cgo:Volume ; cgo:hasCategory 'Water' .\n:buis a cgo:HeatingPipe ; cgo:hasCategory 'Heating' .\n`,
    name: `Logboek ${run} Voorbeeldkas Kwekerij Delta`,
    about: 'Watergift en verwarming.',
    contact: 'kas@kwekerij-delta.test',
    additional_info: '',
  });
  const { online, ownerToken } = served;
  // Kassenbouw West asks for Water and Verwarming; Delta approves just that.
  const westToken = await apiLogin(DEMO_USERS.otherOwner);
  const scopes: ('Dataset.ReadWater' | 'Dataset.ReadHeating')[] = ['Dataset.ReadWater', 'Dataset.ReadHeating'];
  const asked = await api(westToken, 'post', '/api/datasets/{id}/access-requests', {
    params: { path: { id: online.dataset_id } },
    body: { authorisations: scopes, expiration_date: '2099-06-30', reason: 'Wij willen de verwarmings- en teeltgegevens gebruiken voor een advies.' },
  });
  expect(asked.status).toBe(201);
  const approved = await api(ownerToken, 'post', '/api/access-requests/{id}/approve', {
    params: { path: { id: asked.data.access_request_id } },
    body: { authorisations: scopes, expiration_date: '2099-06-30' },
  });
  expect(approved.status).toBe(201);
  // West reads the two permitted triples' subjects: a read row with rows and outcome.
  const read = await fetch(`http://127.0.0.1:${API_PORT}/api/datasets/${online.dataset_id}/data?sparql_query=${encodeURIComponent('SELECT ?s WHERE { ?s a ?t }')}`, {
    headers: { authorization: `Bearer ${westToken}`, accept: 'application/sparql-results+json' },
  });
  expect(read.status).toBe(200);
  await read.arrayBuffer();
  await expect.poll(async () => (await api(ownerToken, 'get', '/api/audit-log', { params: { query: { dataset: online.dataset_id, kind: 'read.query' } } })).data.entries.length).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await served?.dispose();
});

/**
 * The words under `root` that the browser broke across lines other than after a hyphen: each
 * character of a word (a run without white space in one text node) must sit on its word's line.
 */
function brokenWords(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        let top: number | null = null;
        for (let index = 0; index < match[0].length; index += 1) {
          const range = document.createRange();
          range.setStart(node, match.index + index);
          range.setEnd(node, match.index + index + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          if (top !== null && Math.abs(rect.top - top) > 2 && match[0][index - 1] !== '-') {
            broken.push(match[0]);
            break;
          }
          top = rect.top;
        }
      }
    }
    return broken;
  });
}

async function openLog(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.goto(`/logboek?dataset=${served.online.dataset_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.title);
}

/** What the rows say, whichever form shows them. */
async function expectDetailsInWords(rows: Locator) {
  const approval = rows.filter({ hasText: AUDIT_KIND_LABELS['access_request.approved'] });
  await expect(approval).toHaveCount(1);
  await expect(approval).toContainText('goedgekeurd zoals aangevraagd: categorieën: Water, Verwarming');
  await expect(approval).not.toContainText('→');
  const read = rows.filter({ hasText: AUDIT_KIND_LABELS['read.query'] }).first();
  await expect(read).toContainText('gelukt, 2 rijen');
  for (const text of await rows.allInnerTexts()) {
    expect(text).not.toContain('uitkomst 200');
    expect(text).not.toContain('→');
  }
}

test('at 1280×800 the Logboek is a table that fits, with every word whole', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await openLog(page, 1280, 800);
  const table = page.getByTestId('audit-log');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('audit-log-list')).toBeHidden();
  await expectDetailsInWords(table.locator('tbody tr'));
  expect(await brokenWords(table)).toEqual([]);
  // It fits its column: nothing to scroll sideways.
  const region = page.getByRole('region', { name: L.title });
  const { scrollWidth, clientWidth } = await region.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});

test('at 390×844 the Logboek is a block per row, every word whole, the page not wider than the phone', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await openLog(page, 390, 844);
  const list = page.getByTestId('audit-log-list');
  await expect(list).toBeVisible();
  await expect(page.getByTestId('audit-log')).toBeHidden();
  const rows = list.getByRole('listitem');
  await expectDetailsInWords(rows);
  // Each row names its fields.
  await expect(rows.first().getByRole('term').first()).toHaveText(L.who);
  expect(await brokenWords(list)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
