import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { DATASET_LABELS, LABELS } from './domain';
import { api, requestSignup } from './helpers';
import type { DEMO_USERS } from './settings';

/**
 * The pages of the layout and accessibility sweep (layout-a11y.spec.ts): every route file with a
 * real object behind it, and the status each persona must get on it.
 */

export interface Targets {
  applicationSlug: string;
  datasourceId: string;
  datasetSlug: string;
  longUserId: string;
  authorisationId: string;
  apiTokenId: string;
  /** A personal token of a member of Delta (issue 32): its revoke page under /mijn-organisatie. */
  memberTokenId: string;
  webhookId: string;
  invitationId: string;
  invitationPath: string;
  verificationPath: string;
  resetPath: string;
  accessRequestId: string;
}

/** Portal paths with their parameters filled in; every route file must be covered (checked below). */
export function signedInRoutes(t: Targets, selfId: string, ownTokenId: string): Record<string, string> {
  return {
    '_shell._index.tsx': '/',
    '_shell.datasets._index.tsx': '/datasets',
    '_shell.sparql.tsx': '/sparql',
    '_shell.mijn-datasets.tsx': '/mijn-datasets',
    '_shell.beheer-datasets.tsx': '/beheer-datasets',
    '_shell.databronnen._index.tsx': '/databronnen',
    '_shell.databronnen.aanmaken.tsx': '/databronnen/aanmaken',
    '_shell.databronnen.aanmaken-azure.tsx': '/databronnen/aanmaken-azure',
    '_shell.databron.$id.tsx': `/databron/${t.datasourceId}`,
    '_shell.databron.$id_.$bevestiging.tsx': `/databron/${t.datasourceId}/verwijderen`,
    '_shell.dataset.$slug.tsx': `/dataset/${t.datasetSlug}`,
    '_shell.organisaties.tsx': '/organisaties',
    '_shell.organisatie.$slug.tsx': '/organisatie/kwekerij-delta',
    '_shell.gebruikers.$slug.tsx': '/gebruikers/kwekerij-delta',
    '_shell.gebruiker.$userId.tsx': `/gebruiker/${t.longUserId}`,
    '_shell.gebruiker.$userId_.verwijderen.tsx': `/gebruiker/${selfId}/verwijderen`,
    '_shell.mijn-gebruikers.tsx': '/mijn-gebruikers',
    '_shell.mijn-gebruikers_.uitnodigingen.$id.intrekken.tsx': `/mijn-gebruikers/uitnodigingen/${t.invitationId}/intrekken`,
    '_shell.mijn-organisatie.tsx': '/mijn-organisatie',
    '_shell.mijn-organisatie_.api-tokens.$id.intrekken.tsx': `/mijn-organisatie/api-tokens/${t.apiTokenId}/intrekken`,
    '_shell.mijn-organisatie_.webhooks.$id.verwijderen.tsx': `/mijn-organisatie/webhooks/${t.webhookId}/verwijderen`,
    '_shell.mijn-organisatie_.leden-api-tokens.$id.intrekken.tsx': `/mijn-organisatie/leden-api-tokens/${t.memberTokenId}/intrekken`,
    '_shell.profiel_.api-tokens.$id.intrekken.tsx': `/profiel/api-tokens/${ownTokenId}/intrekken`,
    '_shell.profiel.tsx': '/profiel',
    // Outside the shell: where an admin who must turn on two-step sign-in is sent; anyone signed in may open it.
    'tweestapsverificatie.tsx': '/tweestapsverificatie',
    '_shell.machtigingen._index.tsx': '/machtigingen',
    '_shell.machtigingen.aanvragen.$id.tsx': `/machtigingen/aanvragen/${t.accessRequestId}`,
    '_shell.logboek.tsx': '/logboek',
    '_shell.dataset.$slug_.toegang-aanvragen.tsx': `/dataset/${t.datasetSlug}/toegang-aanvragen`,
    '_shell.machtigingen.aanmaken.tsx': '/machtigingen/aanmaken',
    '_shell.machtigingen.$id.intrekken.tsx': `/machtigingen/${t.authorisationId}/intrekken`,
    '_shell.machtigingen.$id.wijzigen.tsx': `/machtigingen/${t.authorisationId}/wijzigen`,
    '_shell.applicaties._index.tsx': '/applicaties',
    '_shell.applicatie.$slug.tsx': `/applicatie/${t.applicationSlug}`,
    '_shell.applicaties.$slug.tsx': '/applicaties/kwekerij-delta',
    '_shell.mijn-applicaties.tsx': '/mijn-applicaties',
    '_shell.beheer-applicaties._index.tsx': '/beheer-applicaties',
    '_shell.beheer-applicaties.aanmaken.tsx': '/beheer-applicaties/aanmaken',
    '_shell.beheer-applicatie.$slug._index.tsx': `/beheer-applicatie/${t.applicationSlug}`,
    '_shell.beheer-applicatie.$slug.verwijderen.tsx': `/beheer-applicatie/${t.applicationSlug}/verwijderen`,
    '_shell.beheer-inzicht.tsx': '/beheer-inzicht',
    '_shell.beheer-hulp.tsx': '/beheer-hulp',
    '_shell.beheer-taken.tsx': '/beheer-taken',
    '_shell.hulp.tsx': '/hulp',
    '$.tsx': '/bestaat-niet',
  };
}

/** Real links from real mails: an open invitation, an unconfirmed sign-up and an unused password reset. */
export function signedOutRoutes(t: Targets): Record<string, string> {
  return {
    'inloggen.tsx': '/inloggen',
    'registreren.tsx': '/registreren',
    'uitnodiging.$token.tsx': t.invitationPath,
    'registreren_.verstuurd.tsx': '/registreren/verstuurd',
    'registreren_.bevestigen.$token.tsx': t.verificationPath,
    'wachtwoord-vergeten.tsx': '/wachtwoord-vergeten',
    'wachtwoord-herstellen.$token.tsx': t.resetPath,
  };
}

/** Layout and resource routes render no page of their own. */
export const LAYOUT_ROUTES = new Set(['_shell.tsx', 'dataset.$slug.xml.ts', '_shell.dataset.$slug_.resultaat.ts', '_shell.sparql_.resultaat.ts', 'toestemming.tsx', 'gebruik.ts', '_shell.beoordeling.ts', '_shell.welkom.ts', '_shell.beheer-inzicht_.csv.ts', '_shell.logboek_.csv.ts']);

export type Persona = keyof typeof DEMO_USERS;

/**
 * The status each persona gets on each page: 200 unless listed. A page graded by axe while it
 * answers an error page would count as covered without having been seen, so every visit checks
 * its status, and an error page must be the Dutch one with exactly this status.
 */
const PLATFORM_ADMIN_PAGES = [
  '_shell.beheer-applicaties._index.tsx',
  '_shell.beheer-applicaties.aanmaken.tsx',
  '_shell.beheer-applicatie.$slug._index.tsx',
  '_shell.beheer-applicatie.$slug.verwijderen.tsx',
  '_shell.beheer-inzicht.tsx',
  '_shell.beheer-hulp.tsx',
  '_shell.beheer-taken.tsx',
];
/** Delta's revoke confirmations and its machtiging card's edit page: another organisation's object is not found (the object check hides it). */
const DELTA_REVOKE_PAGES = [
  '_shell.mijn-gebruikers_.uitnodigingen.$id.intrekken.tsx',
  '_shell.mijn-organisatie_.api-tokens.$id.intrekken.tsx',
  '_shell.mijn-organisatie_.webhooks.$id.verwijderen.tsx',
  '_shell.mijn-organisatie_.leden-api-tokens.$id.intrekken.tsx',
  '_shell.machtigingen.$id.intrekken.tsx',
  '_shell.machtigingen.$id.wijzigen.tsx',
];
const each = (files: string[], status: number) => Object.fromEntries(files.map((file) => [file, status]));

const ERROR_STATUS: Record<Persona, Record<string, number>> = {
  // An access request the admin organisation sent to Delta: decided by Delta's machtiging managers; others do not find it.
  admin: { ...each(DELTA_REVOKE_PAGES, 404), '_shell.machtigingen.aanvragen.$id.tsx': 404 },
  owner: each(PLATFORM_ADMIN_PAGES, 403),
  // A plain member of Delta: no right to manage data sources, invitations or tokens (403); Delta's
  // machtigingen are not listed for it at all (404).
  member: {
    ...each(PLATFORM_ADMIN_PAGES, 403),
    ...each(['_shell.databron.$id.tsx', '_shell.databron.$id_.$bevestiging.tsx', '_shell.mijn-gebruikers_.uitnodigingen.$id.intrekken.tsx', '_shell.mijn-organisatie_.api-tokens.$id.intrekken.tsx', '_shell.mijn-organisatie_.webhooks.$id.verwijderen.tsx', '_shell.mijn-organisatie_.leden-api-tokens.$id.intrekken.tsx'], 403),
    '_shell.machtigingen.$id.intrekken.tsx': 404,
    '_shell.machtigingen.$id.wijzigen.tsx': 404,
    // No AuditLog.Read, no AuthorisationAssignment.Create.
    '_shell.logboek.tsx': 403,
    '_shell.machtigingen.aanvragen.$id.tsx': 403,
  },
  // Kassenbouw West: Delta's objects are not found, Delta's organisation pages are refused.
  otherOwner: {
    ...each(PLATFORM_ADMIN_PAGES, 403),
    ...each(DELTA_REVOKE_PAGES, 404),
    ...each(['_shell.databron.$id.tsx', '_shell.databron.$id_.$bevestiging.tsx', '_shell.dataset.$slug.tsx', '_shell.gebruiker.$userId.tsx'], 404),
    ...each(['_shell.dataset.$slug_.toegang-aanvragen.tsx', '_shell.machtigingen.aanvragen.$id.tsx'], 404),
    ...each(['_shell.organisatie.$slug.tsx', '_shell.gebruikers.$slug.tsx'], 403),
  },
};

/** Pages that redirect (then the page they lead to is graded); unknown paths answer 404 since issue 37 (ADR 0040). */
const REDIRECTS: Record<string, string> = {};

export function expectedStatus(persona: Persona, file: string): number {
  if (REDIRECTS[file]) return 302;
  if (file === '$.tsx') return 404;
  return ERROR_STATUS[persona][file] ?? 200;
}

const ERROR_TITLES: Record<number, string> = { 403: LABELS.errorPage.forbiddenTitle, 404: LABELS.errorPage.notFoundTitle };
/** Pages that answer their own Dutch not-found page (with its own heading) instead of the error boundary's. */
const OWN_NOT_FOUND_TITLES: Record<string, string> = { '_shell.dataset.$slug.tsx': DATASET_LABELS.dataset.notFoundTitle };

/** After page.goto (redirects followed): the status and, for an error, the Dutch error page. */
export async function expectAnswer(page: Page, status: number | undefined, expected: number, path: string, file: string) {
  if (expected === 302) {
    expect(status, path).toBe(200);
    expect(new URL(page.url()).pathname, path).toBe(REDIRECTS[file]);
    return;
  }
  expect(status, path).toBe(expected);
  const errorTitles = [LABELS.errorPage.title, LABELS.errorPage.notFoundTitle, LABELS.errorPage.forbiddenTitle, ...Object.values(OWN_NOT_FOUND_TITLES)];
  const errorHeading = page.getByRole('heading', { level: 1 }).filter({ hasText: new RegExp(`^(${errorTitles.join('|')})$`) });
  if (expected === 200) await expect(errorHeading, path).toHaveCount(0);
  else await expect(errorHeading, path).toHaveText((expected === 404 && OWN_NOT_FOUND_TITLES[file]) || (ERROR_TITLES[expected] ?? LABELS.errorPage.title));
}

/** The persona's own id and a personal API token of its own (its revoke page). */
export async function ownObjects(token: string): Promise<[string, string]> {
  const self = await api(token, 'get', '/api/current_user');
  const created = await api(token, 'post', '/api/profile/api-tokens', { body: { name: `E2E eigen ${randomUUID().slice(0, 6)}`, scopes: ['catalogue:read'], expires_in_days: 30 } });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  return [String(self.data.user_id), created.data.id];
}

/** A sign-up sent through the form: the browser may now see /registreren/verstuurd (still signed out). */
export async function signUpPending(page: Page) {
  await requestSignup(page, { firstname: 'Nina', lastname: 'Nieuw', email: `e2e-${randomUUID().slice(0, 8)}@kwekerij-delta.test`, password: `Geheim-${randomUUID()}` });
}
