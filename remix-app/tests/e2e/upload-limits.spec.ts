import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { API_BODY_LIMITS, APPLICATION_FIELD_ERRORS, SUPPORT_FIELD_ERRORS } from '@datahub/domain';
import { BAD_INPUT_DETAILS, DETAILS } from './domain';
import { createApplication, organizationId, unique } from './applications-helpers';
import { apiLogin } from './helpers';
import { DEMO_USERS } from './settings';

const MB = 1024 * 1024;
/** Past every limit but the support form's (3 × 5 MB): the size of the posts that came back as 502 (issue 32, item 11). */
const FOURTEEN_MB = 14 * MB;
/** Past the support form's limit too. */
const OVER_SUPPORT = API_BODY_LIMITS.multipart + MB;

type Answer = { status: number | 'reset'; location: string; body: string };

/**
 * One multipart post of `size` bytes with a declared length, streamed in 256 KB pieces until the
 * portal answers (a browser stops sending too); the status, Location and body, or 'reset'.
 */
function postMultipart(url: string, method: 'POST' | 'PUT', size: number, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve) => {
    const boundary = `grens${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="groot.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const fill = size - head.length - tail.length;
    const request = httpRequest(url, {
      method,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(size), origin: new URL(url).origin },
    });
    const piece = Buffer.alloc(256 * 1024, 'a');
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? '', body }));
      response.on('error', () => resolve({ status: 'reset', location: '', body }));
    });
    request.on('error', () => (answered ? undefined : resolve({ status: 'reset', location: '', body: '' })));
    request.write(head);
    let sent = 0;
    const write = () => {
      while (sent < fill && !answered && !request.destroyed) {
        const chunk = piece.subarray(0, Math.min(piece.length, fill - sent));
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!request.destroyed) request.end(answered ? undefined : tail);
    };
    write();
  });
}

/** Every multipart route the portal takes (its upload pages, single fetch included, and the proxied API ones), with a size past its limit. */
async function uploadRoutes(): Promise<{ path: string; method: 'POST' | 'PUT'; size: number; text: string }[]> {
  const delta = await organizationId('kwekerij-delta');
  const application = await createApplication({ name: unique('Uploadapp'), owner_organization: delta });
  return [
    { path: '/api/support-requests', method: 'POST', size: OVER_SUPPORT, text: BAD_INPUT_DETAILS.tooLarge },
    { path: '/hulp', method: 'POST', size: OVER_SUPPORT, text: SUPPORT_FIELD_ERRORS.tooLarge },
    { path: '/hulp.data', method: 'POST', size: OVER_SUPPORT, text: SUPPORT_FIELD_ERRORS.tooLarge },
    { path: '/mijn-organisatie', method: 'POST', size: FOURTEEN_MB, text: APPLICATION_FIELD_ERRORS.logoSize },
    { path: '/organisatie/kwekerij-delta', method: 'POST', size: FOURTEEN_MB, text: APPLICATION_FIELD_ERRORS.logoSize },
    { path: `/beheer-applicatie/${application.slug}`, method: 'POST', size: FOURTEEN_MB, text: APPLICATION_FIELD_ERRORS.logoSize },
    { path: `/api/organizations/${delta}/logo`, method: 'PUT', size: FOURTEEN_MB, text: BAD_INPUT_DETAILS.tooLarge },
    { path: `/api/applications/${application.application_id}/logo`, method: 'PUT', size: FOURTEEN_MB, text: BAD_INPUT_DETAILS.tooLarge },
    // A page without an upload form: a multipart body past 1 MB gets the portal's own Dutch 413 page.
    { path: '/profiel', method: 'POST', size: FOURTEEN_MB, text: BAD_INPUT_DETAILS.tooLarge },
  ];
}

const describe = (answer: Answer) => `${answer.status}${answer.location ? ` → ${answer.location}` : ''} ${answer.body.slice(0, 100)}`;

test.describe('oversized and anonymous uploads through the portal (issue 32, item 11)', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'plain HTTP requests: one project is enough');

  test('16 at once, anonymous, past the limit, to every upload route: each a 413 or the way to sign in, never a 5xx', async ({ baseURL }) => {
    test.setTimeout(180_000);
    const failures: string[] = [];
    for (const { path, method, size } of await uploadRoutes()) {
      const answers = await Promise.all(Array.from({ length: 16 }, () => postMultipart(`${baseURL}${path}`, method, size, {})));
      for (const answer of answers) {
        // A single-fetch request ('.data') is sent its redirect as a 202 that names it.
        const redirect = [302, 303].includes(answer.status as number) || (answer.status === 202 && path.endsWith('.data') && answer.body.includes('"redirect"'));
        const toSignIn = redirect && answer.location.startsWith('/inloggen');
        if (answer.status !== 413 && !toSignIn) failures.push(`${method} ${path}: ${describe(answer)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('16 at once, anonymous, 14 MB (within the support limit) to the support API: the 401 at once, never a 5xx', async ({ baseURL }) => {
    const answers = await Promise.all(Array.from({ length: 16 }, () => postMultipart(`${baseURL}/api/support-requests`, 'POST', FOURTEEN_MB, {})));
    expect(answers.map((answer) => `${answer.status} ${answer.body}`)).toEqual(answers.map(() => `401 ${JSON.stringify({ statusCode: 401, detail: DETAILS.unauthenticated })}`));
  });

  test('signed in, past the limit, to every upload route: the 413 with the Dutch text (in the form on an upload page)', async ({ baseURL }) => {
    test.setTimeout(120_000);
    // The platform admin reaches every one of these pages (/beheer-applicatie/… too).
    const cookie = `access_token=${await apiLogin(DEMO_USERS.admin)}`;
    const failures: string[] = [];
    for (const { path, method, size, text } of await uploadRoutes()) {
      const answer = await postMultipart(`${baseURL}${path}`, method, size, { cookie });
      if (answer.status !== 413 || !answer.body.includes(text)) failures.push(`${method} ${path}: ${describe(answer)}`);
      if (path.startsWith('/api/') && answer.status === 413) expect(JSON.parse(answer.body)).toEqual({ statusCode: 413, detail: BAD_INPUT_DETAILS.tooLarge });
    }
    expect(failures).toEqual([]);
  });
});
