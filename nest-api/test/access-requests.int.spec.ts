import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REQUEST_FIELD_ERRORS, AUTHORISATION_FIELD_ERRORS } from '@datahub/domain';
import { AuthorisationsService } from '../src/authorisations/authorisations.service';
import { startMailbox } from './mailbox';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { onlineDataset } from './online-dataset';

let api: TestApi;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let delta: { id: string; name: string; slug: string };
let west: { id: string; name: string; slug: string };
let deltaOwner: TestUser;
let westOwner: TestUser;
let westMember: TestUser;
let datasetId: string;

const ask = (user: TestUser, body: Record<string, unknown>) => api.request(`/api/datasets/${datasetId}/access-requests`, { method: 'POST', token: user.token, json: body });
const decide = (user: TestUser, id: string, how: 'approve' | 'decline', body: Record<string, unknown>) =>
  api.request(`/api/access-requests/${id}/${how}`, { method: 'POST', token: user.token, json: body });
const scopesOfWest = () => api.app.get(AuthorisationsService).scopesFor(west.id, datasetId, delta.id);
const kinds = async (organizationId: string) =>
  ((await api.db.query(`SELECT kind FROM audit_log WHERE (organization_id = $1 OR other_organization_id = $1) AND kind NOT LIKE 'read.%' ORDER BY id`, [organizationId])) as { kind: string }[]).map((row) => row.kind);

beforeAll(async () => {
  mailbox = await startMailbox();
  api = await startTestApi({ SMTP_URL: mailbox.url });
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'], email: 'eigenaar@delta.test' });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'], email: 'eigenaar@west.test' });
  westMember = await api.createUser({ organizationId: west.id, email: 'lid@west.test' });
  datasetId = await onlineDataset(api, delta.id);
});

afterAll(async () => {
  await api?.close();
  await mailbox?.close();
});

describe('access requests', () => {
  let requestId: string;

  it('refuses a request without a reason, with a too long one, or with all data and categories together, in Dutch', async () => {
    const missing = await ask(westMember, { authorisations: ['Dataset.ReadWater'], reason: '  ' });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual({ reason: ACCESS_REQUEST_FIELD_ERRORS.reasonMissing });
    const long = await ask(westMember, { authorisations: ['Dataset.ReadWater'], reason: 'x'.repeat(1001) });
    expect((await long.json()).errors).toEqual({ reason: ACCESS_REQUEST_FIELD_ERRORS.reasonTooLong });
    const both = await ask(westMember, { authorisations: ['Dataset.ReadAll', 'Dataset.ReadWater'], reason: 'Onderzoek' });
    expect((await both.json()).errors).toEqual({ authorisations: AUTHORISATION_FIELD_ERRORS.scopesExclusive });
    const own = await ask(deltaOwner, { authorisations: ['Dataset.ReadWater'], reason: 'Eigen' });
    expect((await own.json()).errors).toEqual({ dataset: ACCESS_REQUEST_FIELD_ERRORS.ownDataset });
  });

  it('takes one open request per dataset and organisation and mails the owner organisation', async () => {
    const response = await ask(westMember, { authorisations: ['Dataset.ReadWater', 'Dataset.ReadCrop'], reason: 'Vergelijken van watergift', expiration_date: '2099-12-31' });
    expect(response.status).toBe(201);
    const view = await response.json();
    expect(view).toMatchObject({ status: 'open', requester_organization_name: 'Kassenbouw West', requested_by_email: 'lid@west.test', expiration_date: '2099-12-31' });
    requestId = view.access_request_id;
    const again = await ask(westOwner, { authorisations: ['Dataset.ReadHeating'], reason: 'Nog een' });
    expect(again.status).toBe(409);
    expect((await again.json()).errors).toEqual({ dataset: ACCESS_REQUEST_FIELD_ERRORS.openAlready });
    await expect.poll(() => mailbox.mails.some((mail) => mail.to.includes('eigenaar@delta.test') && mail.text.includes('Vergelijken van watergift'))).toBe(true);
    const received = await api.request(`/api/organizations/${delta.id}/access-requests/received`, { token: deltaOwner.token });
    expect((await received.json()).map((row: { access_request_id: string }) => row.access_request_id)).toEqual([requestId]);
    // Only the owner organisation decides.
    expect((await api.request(`/api/organizations/${delta.id}/access-requests/received`, { token: westOwner.token })).status).toBe(403);
    expect((await decide(westOwner, requestId, 'approve', { authorisations: ['Dataset.ReadWater'] })).status).toBe(404);
  });

  it('approves with a narrower choice: the grant and the decision in one step, audited on both sides, the requester mailed', async () => {
    const response = await decide(deltaOwner, requestId, 'approve', { authorisations: ['Dataset.ReadWater'], expiration_date: '' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ status: 'approved', authorisations: ['Dataset.ReadWater'], expiration_date: null });
    expect(await scopesOfWest()).toEqual(['Dataset.ReadWater']);
    expect(await kinds(west.id)).toEqual(['access_request.created', 'grant.created', 'access_request.approved']);
    await expect.poll(() => mailbox.mails.some((mail) => mail.to.includes('lid@west.test') && mail.text.includes('goedgekeurd'))).toBe(true);
    expect((await decide(deltaOwner, requestId, 'decline', { reason: 'Toch niet' })).status).toBe(409);
  });

  it('refuses a request for categories already granted, in Dutch', async () => {
    const response = await ask(westMember, { authorisations: ['Dataset.ReadWater'], reason: 'Nog eens' });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ authorisations: ACCESS_REQUEST_FIELD_ERRORS.alreadyGranted });
  });

  it('declines with a reason (required); the requester sees the state and is mailed', async () => {
    const created = await ask(westMember, { authorisations: ['Dataset.ReadHeating'], reason: 'Energie' });
    const { access_request_id: id } = await created.json();
    const noReason = await decide(deltaOwner, id, 'decline', { reason: '' });
    expect(noReason.status).toBe(422);
    expect((await noReason.json()).errors).toEqual({ reason: ACCESS_REQUEST_FIELD_ERRORS.declineReasonMissing });
    expect((await decide(deltaOwner, id, 'decline', { reason: 'Niet voor dit doel' })).status).toBe(201);
    const sent = await (await api.request(`/api/organizations/${west.id}/access-requests/sent`, { token: westMember.token })).json();
    expect(sent.find((row: { access_request_id: string }) => row.access_request_id === id)).toMatchObject({ status: 'declined', decision_reason: 'Niet voor dit doel' });
    expect(await scopesOfWest()).toEqual(['Dataset.ReadWater']);
    await expect.poll(() => mailbox.mails.some((mail) => mail.to.includes('lid@west.test') && mail.text.includes('Niet voor dit doel'))).toBe(true);
  });
});
