import { randomUUID } from 'node:crypto';
import { AUTHORISATION_LABELS, WORKBENCH_LABELS } from '@datahub/domain';
import { expect, test } from './fixtures';
import { apiLogin } from './helpers';
import { onlineDataset } from './online-dataset';
import { DEMO_USERS } from './settings';

const W = WORKBENCH_LABELS;

/** Issue 37 item 7: one language and one set of terms on the pages people meet every day. */

test('‘Wat zit erin’ names categories in Dutch, as the chips do, and terms with the prefixes the data declares', async ({ page, signInAs }) => {
  const run = randomUUID().slice(0, 8);
  const cgo = 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#';
  // 'kas' is declared; sosa is not, so its usual prefix is used.
  const turtle = [
    `@prefix kas: <http://www.example.org/woorden/${run}#> .`,
    `@prefix cgo: <${cgo}> .`,
    `kas:spant a kas:Spant ; cgo:hasCategory "Construction" ; <http://www.w3.org/ns/sosa/observes> kas:last .`,
    `kas:kas a kas:Kas ; cgo:hasCategory "VenloGreenhouse" ; kas:breedte 8 .`,
    '',
  ].join('\n');
  const { online, dispose } = await onlineDataset(await apiLogin(DEMO_USERS.owner), { file: 'woorden.ttl', turtle, name: `Woorden ${run}`, about: 'Termen.', contact: 'kas@kwekerij-delta.test', additional_info: '' });
  try {
    await signInAs(DEMO_USERS.owner);
    await page.goto(`/dataset/${online.slug}`);
    const contents = page.getByRole('region', { name: W.contentsTitle });
    await expect(contents).toContainText(`Constructie${W.subjects(1)}`);
    await expect(contents).toContainText(`Venlo-kas${W.subjects(1)}`);
    await expect(contents).toContainText('kas:Spant');
    await expect(contents).toContainText('sosa:observes');
    await expect(contents).toContainText('cgo:hasCategory');
    const text = await contents.innerText();
    expect(text).not.toMatch(/Construction|VenloGreenhouse|\bns\d+:/);
    // The examples name the category in Dutch too, and query the literal.
    const examples = page.getByRole('region', { name: W.examplesTitle });
    await expect(examples).toContainText(W.exampleCategory('Constructie'));
    await expect(examples).not.toContainText(/\bns\d+:/);
  } finally {
    await dispose();
  }
});

/** Texts the spec quotes with 'jouw' (they stay as written there). */
const SPEC_QUOTED = [AUTHORISATION_LABELS.emptyReceivedEver, AUTHORISATION_LABELS.emptyGivenEver];

/** Pages each demo user reaches from the menu. */
const PAGES: Record<keyof typeof DEMO_USERS, string[]> = {
  admin: ['/', '/datasets', '/beheer-datasets', '/databronnen', '/organisaties', '/applicaties', '/beheer-applicaties', '/beheer-inzicht', '/beheer-hulp', '/beheer-taken', '/logboek', '/profiel', '/hulp'],
  owner: ['/', '/datasets', '/mijn-datasets', '/databronnen', '/machtigingen', '/machtigingen/aanmaken', '/mijn-organisatie', '/mijn-gebruikers', '/organisatie/kwekerij-delta', '/mijn-applicaties', '/logboek', '/profiel', '/hulp'],
  member: ['/', '/datasets', '/machtigingen', '/profiel', '/hulp'],
  otherOwner: ['/', '/datasets', '/machtigingen', '/mijn-organisatie', '/profiel'],
};

/** Dates as the spec fixes them (dd/MM/yyyy, dd-MM-yyyy) or 'd MMMM yyyy'; anything else that looks like a date is a fourth style. */
const MONTHS = 'januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december';
const OTHER_DATE_STYLES = [
  /\b\d{4}-\d{2}-\d{2}\b/, // ISO
  /\b\d{1,2}[-/]\d{1,2}[-/]\d{2}\b(?![-/\d])/, // two-digit years
  /\b\d{1,2}\s+(?:jan|feb|mrt|apr|jun|jul|aug|sep|sept|okt|nov|dec)\.?\s+\d{4}\b/i, // abbreviated months
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b[\s\d,]+\d{4}/,
  new RegExp(`\\b0\\d\\s+(?:${MONTHS})\\b`), // 'd MMMM', not 'dd MMMM'
];

test('a sweep over the demo users’ pages finds no ‘jij’ or ‘jouw’ outside the spec’s texts, and dates in the allowed styles', async ({ page, signInAs }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  for (const [who, paths] of Object.entries(PAGES) as [keyof typeof DEMO_USERS, string[]][]) {
    await signInAs(DEMO_USERS[who]);
    for (const path of paths) {
      await page.goto(path);
      let text = await page.locator('body').innerText();
      for (const quoted of SPEC_QUOTED) text = text.replaceAll(quoted, '');
      const informal = text.match(/\b(jij|jou|jouw|je|jullie)\b/i);
      if (informal) found.push(`${who} ${path}: '${informal[0]}' in “${text.slice(Math.max(0, informal.index! - 40), informal.index! + 40)}”`);
      for (const style of OTHER_DATE_STYLES) {
        const date = text.match(style);
        if (date) found.push(`${who} ${path}: date '${date[0]}'`);
      }
    }
  }
  expect(found).toEqual([]);
});
