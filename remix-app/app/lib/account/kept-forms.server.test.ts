import { describe, expect, it } from 'vitest';
import { keepPostedForm, keptFormFor } from './kept-forms.server';

const USER_A = '11111111-1111-4111-8111-111111111111';
const USER_B = '22222222-2222-4222-8222-222222222222';

/** A token as the browser would send it: only its payload's `sub` is read (no signature check needed). */
function tokenOf(sub: string): string {
  return `e30.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.sig`;
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
    const { request, form } = post('/profiel', `access_token=${tokenOf(USER_A)}`, {
      firstname: 'Anna',
      csrf: 'geheim',
      current_password: 'oud',
      password: 'nieuw',
    });
    const cookie = keepPostedForm(request, form)!;
    expect(cookie).toMatch(/^formulier=[0-9a-f-]{36}; .*HttpOnly/);
    expect(keptFormFor(visit('/profiel', cookie), USER_A)).toEqual({ firstname: 'Anna' });
    expect(keptFormFor(visit('/profiel.data', cookie), USER_A)).toEqual({ firstname: 'Anna' });
    expect(keptFormFor(visit('/machtigingen', cookie), USER_A)).toBeNull();
  });

  it('only to the user whose session ended', () => {
    const { request, form } = post('/profiel', `access_token=${tokenOf(USER_A)}`, { firstname: 'Anna' });
    const cookie = keepPostedForm(request, form)!;
    expect(keptFormFor(visit('/profiel', cookie), USER_B)).toBeNull();
    expect(keptFormFor(visit('/profiel', cookie), USER_A)).toEqual({ firstname: 'Anna' });
  });

  it('without a token left: to the first user who sees it, then only to them', () => {
    const { request, form } = post('/profiel', 'sessie=1', { firstname: 'Bert' });
    const cookie = keepPostedForm(request, form)!;
    expect(keptFormFor(visit('/profiel', cookie), USER_B)).toEqual({ firstname: 'Bert' });
    expect(keptFormFor(visit('/profiel', cookie), USER_A)).toBeNull();
  });

  it('keeps nothing when there is nothing to keep', () => {
    const { request, form } = post('/profiel', '', { csrf: 'x', password: 'y' });
    expect(keepPostedForm(request, form)).toBeNull();
  });
});
