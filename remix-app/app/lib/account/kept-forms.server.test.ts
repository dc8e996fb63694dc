import { beforeAll, describe, expect, it } from 'vitest';
import { sessionOwnerHint } from '@datahub/domain/server';
import { dropKeptFormOfOthers, keepPostedForm, keptFormFor } from './kept-forms.server';
import { endedSessionCookies, signedInCookies } from './session-ending.server';

const SECRET = 'kept-forms-test-secret-0123456789abcdef';
const USER_A = '11111111-1111-4111-8111-111111111111';
const USER_B = '22222222-2222-4222-8222-222222222222';

beforeAll(() => {
  process.env.CSRF_SECRET = SECRET;
});

/** A token as the browser would send it: its `sub` is readable but not verifiable by the portal. */
function tokenOf(sub: string): string {
  return `e30.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.sig`;
}

/** The `sessie` cookie the portal sets when `userId` signs in. */
function seenBy(userId: string): string {
  return `sessie=${sessionOwnerHint(SECRET, userId)}`;
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return { request: new Request(`http://portal.test${path}`, { method: 'POST', headers: { Cookie: cookie } }), form };
}

function visit(path: string, setCookie: string): Request {
  return new Request(`http://portal.test${path}`, { headers: { Cookie: setCookie.split(';')[0] } });
}

describe('forms kept across signing in again', () => {
  it('gives the typed text fields back on the same page, never the CSRF token or a password', () => {
    const { request, form } = post('/profiel', `access_token=${tokenOf(USER_A)}; ${seenBy(USER_A)}`, {
      firstname: 'Anna',
      csrf: 'geheim',
      current_password: 'oud',
      password: 'nieuw',
    });
    const cookie = keepPostedForm(request, form)!;
    expect(cookie).toMatch(/^formulier=[\w-]+; .*HttpOnly/);
    // Sealed: nothing typed can be read from the cookie itself.
    expect(cookie).not.toContain('Anna');
    expect(keptFormFor(visit('/profiel', cookie), USER_A)).toEqual({ firstname: ['Anna'] });
    expect(keptFormFor(visit('/profiel.data', cookie), USER_A)).toEqual({ firstname: ['Anna'] });
    expect(keptFormFor(visit('/machtigingen', cookie), USER_A)).toBeNull();
  });

  it('sets, at sign-in, a `sessie` cookie that says whose session it is without naming them', () => {
    const [seen] = signedInCookies(new Request('http://portal.test/inloggen'), new Date(Date.now() + 60_000).toISOString(), USER_A);
    expect(seen).toContain(`sessie=${sessionOwnerHint(SECRET, USER_A)};`);
    expect(seen).not.toContain(USER_A);
  });

  it('expired (no token left): only to the user whose session it was, and another user signing in drops it (issue 32 item 8)', () => {
    const { request, form } = post('/profiel', seenBy(USER_A), { firstname: 'Anna' });
    const cookie = keepPostedForm(request, form)!;
    expect(keptFormFor(visit('/profiel', cookie), USER_B)).toBeNull();
    // Once someone else has been shown the page, it is gone, also for its owner: the next person must not find it either.
    expect(keptFormFor(visit('/profiel', cookie), USER_A)).toBeNull();

    const again = post('/profiel', seenBy(USER_A), { firstname: 'Anna' });
    const kept = keepPostedForm(again.request, again.form)!;
    expect(dropKeptFormOfOthers(visit('/inloggen', kept), USER_A)).toBeNull();
    expect(dropKeptFormOfOthers(visit('/inloggen', kept), USER_B)).toMatch(/^formulier=; .*Max-Age=0/);
    expect(keptFormFor(visit('/profiel', kept), USER_A)).toBeNull();
  });

  it('the hint survives the way to /inloggen (a background request of the old page) for a form posted after it', () => {
    const [, note] = endedSessionCookies(new Request('http://portal.test/api/x', { headers: { Cookie: seenBy(USER_A) } }));
    expect(note).toContain(`sessie_verlopen=${sessionOwnerHint(SECRET, USER_A)};`);
    const { request, form } = post('/profiel', note.split(';')[0], { firstname: 'Anna' });
    const cookie = keepPostedForm(request, form)!;
    expect(keptFormFor(visit('/profiel', cookie), USER_B)).toBeNull();
    const second = post('/profiel', note.split(';')[0], { firstname: 'Anna' });
    expect(keptFormFor(visit('/profiel', keepPostedForm(second.request, second.form)!), USER_A)).toEqual({ firstname: ['Anna'] });
  });

  it('keeps nothing when whose session it was is unknown: an old `sessie=1`, a forged or unverifiable token alone', () => {
    for (const cookie of ['sessie=1', `access_token=${tokenOf(USER_A)}`, 'sessie=verzonnen', `sessie=${sessionOwnerHint('een-ander-geheim-0123456789abcdef', USER_A)}x`]) {
      const { request, form } = post('/profiel', cookie, { firstname: 'Bert' });
      expect(keepPostedForm(request, form), cookie).toBeNull();
    }
  });

  it('a hint made with another secret matches nobody', () => {
    const { request, form } = post('/profiel', `sessie=${sessionOwnerHint('een-ander-geheim-0123456789abcdef', USER_A)}`, { firstname: 'Bert' });
    const cookie = keepPostedForm(request, form)!;
    expect(keptFormFor(visit('/profiel', cookie), USER_A)).toBeNull();
  });

  it('keeps every value of a checkbox group or multi-select, in order (issue 37 item 1)', () => {
    const form = new FormData();
    for (const scope of ['Water', 'Energie']) form.append('authorisations', scope);
    form.append('reason', 'Onderzoek');
    const cookie = keepPostedForm(new Request('http://portal.test/dataset/x/toegang-aanvragen', { method: 'POST', headers: { Cookie: seenBy(USER_A) } }), form)!;
    expect(keptFormFor(visit('/dataset/x/toegang-aanvragen', cookie), USER_A)).toEqual({ authorisations: ['Water', 'Energie'], reason: ['Onderzoek'] });
  });

  it('keeps what fits in a cookie field by field, and nothing when no field fits (issue 34 item 5)', () => {
    const { request, form } = post('/profiel', seenBy(USER_A), { firstname: 'Anna', description: 'x'.repeat(5000), lastname: 'Jansen' });
    const cookie = keepPostedForm(request, form)!;
    expect(cookie.split(';')[0].length).toBeLessThan(3600);
    expect(keptFormFor(visit('/profiel', cookie), USER_A)).toEqual({ firstname: ['Anna'], lastname: ['Jansen'] });
    const big = post('/profiel', seenBy(USER_A), { description: 'x'.repeat(5000) });
    expect(keepPostedForm(big.request, big.form)).toBeNull();
  });

  it('a cookie sealed with another secret, or changed, opens to nothing', () => {
    const { request, form } = post('/profiel', seenBy(USER_A), { firstname: 'Anna' });
    const cookie = keepPostedForm(request, form)!;
    const value = cookie.split(';')[0].slice('formulier='.length);
    const changed = `${value.slice(0, 20)}${value[20] === 'A' ? 'B' : 'A'}${value.slice(21)}`;
    expect(keptFormFor(visit('/profiel', `formulier=${changed}`), USER_A)).toBeNull();
    process.env.CSRF_SECRET = 'een-ander-geheim-0123456789abcdef-0123';
    try {
      expect(keptFormFor(visit('/profiel', cookie), USER_A)).toBeNull();
    } finally {
      process.env.CSRF_SECRET = SECRET;
    }
  });

  it('keeps nothing when there is nothing to keep', () => {
    const { request, form } = post('/profiel', seenBy(USER_A), { csrf: 'x', password: 'y' });
    expect(keepPostedForm(request, form)).toBeNull();
  });
});
