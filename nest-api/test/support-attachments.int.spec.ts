import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { PNG_BYTES } from './images';

/** Issue 19, item 10: attachment names outside Latin-1, bidi tricks, and a polyglot's claimed extension. */
let api: TestApi;
let member: TestUser;
let admin: TestUser;

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
// A GIF header followed by a PDF: readers of either format accept it.
const GIF_PDF_POLYGLOT = Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), PDF_BYTES]);

beforeAll(async () => {
  api = await startTestApi();
  const organization = await api.createOrganization();
  member = await api.createUser({ organizationId: organization.id });
  const [adminOrganization] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganization.id, roles: ['AdminOrganization.Owner'] });
});
afterAll(() => api?.close());

/** Posts one request with these attachments; the stored names and each download's Content-Disposition. */
async function upload(files: { name: string; bytes: Buffer }[]): Promise<{ filename: string; disposition: string | null; status: number }[]> {
  const body = new FormData();
  for (const [name, value] of Object.entries({ kind: 'vraag', summary: 'Bijlagen', description: 'Zie de bijlagen.' })) body.set(name, value);
  for (const file of files) body.append('attachments', new Blob([new Uint8Array(file.bytes)]), file.name);
  const created = await api.request('/api/support-requests', { method: 'POST', token: member.token, body });
  expect(created.status).toBe(201);
  const { support_request_id: id } = await created.json();
  const list = await (await api.request('/api/support-requests', { token: admin.token })).json();
  const stored = list.find((item: { support_request_id: string }) => item.support_request_id === id);
  const results = [];
  for (const attachment of stored.attachments as { attachment_id: string; filename: string }[]) {
    const download = await api.request(`/api/support-requests/${id}/attachments/${attachment.attachment_id}`, { token: admin.token });
    await download.arrayBuffer();
    results.push({ filename: attachment.filename, disposition: download.headers.get('content-disposition'), status: download.status });
  }
  return results;
}

/** The name a browser takes from `filename*` (RFC 5987). */
const extName = (disposition: string | null) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition ?? '')?.[1] ?? '');

describe('support attachment names', () => {
  it('downloads names with €, an emoji or Arabic, with an ASCII fallback and the real name in filename*', async () => {
    const results = await upload([
      { name: 'kosten €.pdf', bytes: PDF_BYTES },
      { name: '🌱 kas.png', bytes: PNG_BYTES },
      { name: 'تقرير.pdf', bytes: PDF_BYTES },
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => extName(r.disposition)).sort()).toEqual(['kosten €.pdf', 'تقرير.pdf', '🌱 kas.png'].sort());
    for (const { disposition } of results) expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[\x21-\x7e]+$/);
    expect(results.find((r) => r.filename === 'kosten €.pdf')?.disposition).toContain('filename="kosten _.pdf"');
  });

  it('strips bidi controls from the stored name, so an RTL override cannot disguise the extension', async () => {
    const [result] = await upload([{ name: 'factuur\u202Efdp.exe\u200F.pdf', bytes: PDF_BYTES }]);
    expect(result.filename).toBe('factuurfdp.exe.pdf');
    expect(result.status).toBe(200);
    expect(extName(result.disposition)).toBe('factuurfdp.exe.pdf');
  });

  it('keeps the extension of the type read from the bytes: a GIF/PDF polyglot named rapport.html', async () => {
    const results = await upload([
      { name: 'rapport.html', bytes: GIF_PDF_POLYGLOT },
      { name: 'zonder-extensie', bytes: PNG_BYTES },
      { name: 'foto.JPEG.png', bytes: PNG_BYTES },
    ]);
    expect(results.map((r) => r.filename).sort()).toEqual(['foto.JPEG.png', 'rapport.gif', 'zonder-extensie.png']);
    for (const { disposition } of results) expect(disposition).not.toContain('.html');
  });
});
