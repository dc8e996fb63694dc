import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { JPEG_BYTES, PNG_BYTES, SVG_BYTES } from './images';
import { startMailbox } from './mailbox';

let api: TestApi;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let member: TestUser;
let admin: TestUser;

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  mailbox = await startMailbox();
  api = await startTestApi({ SMTP_URL: mailbox.url, SUPPORT_EMAIL: 'hulp@datahub.test', SUPPORT_BOARD: 'bord-tuinbouw-7' });
  const organization = await api.createOrganization({ name: 'Kwekerij Hulpvraag' });
  member = await api.createUser({ organizationId: organization.id, email: 'vrager@kwekerij.test' });
  const [adminOrganization] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganization.id, roles: ['AdminOrganization.Owner'] });
});
afterAll(async () => {
  await api?.close();
  await mailbox?.close();
});

function form(fields: Record<string, string>, files: { name: string; bytes: Buffer; type?: string }[] = []): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const file of files) body.append('attachments', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return body;
}

const FIELDS = { kind: 'probleem', summary: 'Grafiek laadt niet', description: 'Op de datasetpagina blijft de grafiek leeg.' };

describe('support requests', () => {
  it('stores a request with attachments, mails the board through SMTP, and lists it for platform admins', async () => {
    const response = await api.request('/api/support-requests', {
      method: 'POST',
      token: member.token,
      body: form(FIELDS, [
        { name: 'scherm.png', bytes: PNG_BYTES, type: 'image/png' },
        { name: 'uitleg.pdf', bytes: PDF_BYTES, type: 'application/pdf' },
      ]),
    });
    expect(response.status).toBe(201);
    const { support_request_id: id } = await response.json();

    await expect.poll(() => mailbox.mails.length).toBe(1);
    const mail = mailbox.mails[0];
    expect(mail.to).toEqual(['hulp@datahub.test']);
    expect(mail.raw).toMatch(/Subject: \[bord-tuinbouw-7\] Probleem: Grafiek laadt niet/);
    expect(mail.text).toContain('Van: vrager@kwekerij.test');
    expect(mail.text).toContain('Organisatie: Kwekerij Hulpvraag');
    expect(mail.text).toContain('scherm.png (image/png');
    expect(mail.text).toContain('/beheer-hulp');

    expect((await api.request('/api/support-requests', { token: member.token })).status).toBe(403);
    const list = await (await api.request('/api/support-requests', { token: admin.token })).json();
    const stored = list.find((item: { support_request_id: string }) => item.support_request_id === id);
    expect(stored).toMatchObject({ kind: 'probleem', summary: FIELDS.summary, email: 'vrager@kwekerij.test', status: 'open' });
    expect(stored.attachments.map((a: { filename: string; content_type: string }) => [a.filename, a.content_type])).toEqual([
      ['scherm.png', 'image/png'],
      ['uitleg.pdf', 'application/pdf'],
    ]);

    const png = stored.attachments[0];
    const download = await api.request(`/api/support-requests/${id}/attachments/${png.attachment_id}`, { token: admin.token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="scherm\.png"/);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    expect((await api.request(`/api/support-requests/${id}/attachments/${png.attachment_id}`, { token: member.token })).status).toBe(403);

    expect((await api.request(`/api/support-requests/${id}`, { method: 'PATCH', token: admin.token, json: { status: 'closed' } })).status).toBe(204);
    const [row] = await api.db.query('SELECT status FROM support_requests WHERE id = $1', [id]);
    expect(row.status).toBe('closed');
  });

  it('refuses a disguised attachment (an SVG named .png) in Dutch, storing nothing', async () => {
    const before = await api.db.query('SELECT count(*)::int AS n FROM support_requests');
    const response = await api.request('/api/support-requests', {
      method: 'POST',
      token: member.token,
      body: form(FIELDS, [{ name: 'foto.png', bytes: SVG_BYTES, type: 'image/png' }]),
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.attachments).toBe('Een bijlage moet een afbeelding (PNG, JPEG, GIF of WebP) of een PDF zijn.');
    expect(await api.db.query('SELECT count(*)::int AS n FROM support_requests')).toEqual(before);
  });

  it('refuses an attachment over 5 MB and a fourth attachment', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    const oversized = await api.request('/api/support-requests', { method: 'POST', token: member.token, body: form(FIELDS, [{ name: 'groot.png', bytes: big }]) });
    expect(oversized.status).toBe(422);
    expect((await oversized.json()).errors.attachments).toBe('Een bijlage mag maximaal 5 MB groot zijn.');
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `foto${i}.jpg`, bytes: JPEG_BYTES }));
    const tooMany = await api.request('/api/support-requests', { method: 'POST', token: member.token, body: form(FIELDS, four) });
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).errors.attachments).toBe('U kunt maximaal 3 bijlagen toevoegen.');
  });

  it('names missing fields in Dutch', async () => {
    const response = await api.request('/api/support-requests', { method: 'POST', token: member.token, body: form({ kind: 'klacht' }) });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toMatchObject({
      kind: 'Kies een soort verzoek.',
      summary: 'Vul een samenvatting in (maximaal 200 tekens).',
      description: 'Vul een beschrijving in (maximaal 5000 tekens).',
    });
  });

  it('takes multipart bodies on this route only', async () => {
    const response = await api.request('/api/ratings', { method: 'POST', token: member.token, body: form({ action: 'dismiss' }) });
    expect(response.status).toBe(415);
  });
});
