/**
 * Every API operation × persona → expected status. The meta-test fails when the OpenAPI
 * document has an operation without a row here. Ids in paths name objects of the persona
 * 'owner's organisation (Kwekerij Delta); 'otherOwner' owns another organisation and
 * 'otherContributor' holds every contributor role there (not owner): the object checks must stop
 * both. Unless a row says otherwise, 'otherContributor' expects what 'otherOwner' does.
 */
export const PERSONAS = [
  'anonymous',
  'member',
  'owner',
  'organizationContributor',
  'userContributor',
  'datasourceContributor',
  'authorisationContributor',
  'applicationContributor',
  'otherOwner',
  'otherContributor',
  'platformAdmin',
] as const;

export type Persona = (typeof PERSONAS)[number];

/** The password of the open sign-ups the matrix prepares for POST /api/auth/signup/verify. */
export const SIGNUP_PASSWORD = 'Matrix-Aanmelding-2026';
let signupTokens: string[] = [];
/** The spec hands the tokens of the sign-ups it stored; each cell takes one. */
export function provideSignupTokens(tokens: string[]): void {
  signupTokens = tokens;
}
function nextSignupToken(): string {
  const token = signupTokens.shift();
  if (!token) throw new Error('no open sign-up left for the matrix');
  return token;
}
let resetTokens: string[] = [];
/** The spec hands the live reset links it stored; each cell takes one. */
export function provideResetTokens(tokens: string[]): void {
  resetTokens = tokens;
}
function nextResetToken(): string {
  const token = resetTokens.shift();
  if (!token) throw new Error('no live reset link left for the matrix');
  return token;
}
type Expectations = Record<Persona, number>;

interface MatrixRow {
  /** As in the OpenAPI document: 'GET /api/users/{id}'. */
  operation: string;
  /** A request body, or a function making a fresh one per cell (given the cell's path and the target organisation's id). */
  body?: unknown;
  expect: Expectations;
}

function row(operation: string, expect: Partial<Expectations> & { default: number }, body?: unknown): MatrixRow {
  const { default: fallback, ...specific } = expect;
  const expected = (persona: Persona) => specific[persona] ?? (persona === 'otherContributor' ? specific.otherOwner : undefined) ?? fallback;
  return { operation, body, expect: Object.fromEntries(PERSONAS.map((p) => [p, expected(p)])) as Expectations };
}

/** Datasource.* holders: owners, data-source contributors and the platform admin. */
const datasourceReaders = (status: number) => ({
  anonymous: 401,
  owner: status,
  datasourceContributor: status,
  otherOwner: status,
  platformAdmin: status,
  default: 403,
});
/** Application.Create/Update/Delete: the admin organisation's Application.Contributor and AdminOrganization.Owner. */
const applicationWriters = (status: number) => ({ anonymous: 401, applicationContributor: status, platformAdmin: status, default: 403 });

interface MatrixContext {
  /** The persona 'owner''s organisation (Kwekerij Delta), which owns the objects in the paths. */
  organizationId: string;
  /** The cell's path, ids filled in. */
  path: string;
}

function applicationBody({ organizationId }: MatrixContext) {
  return {
    name: `Applicatie ${Math.random().toString(36).slice(2)}`,
    owner_organization: organizationId,
    about: 'Over deze applicatie.',
    usage: 'Wat ze doet.',
    url: 'https://applicatie.example.nl',
  };
}
const signedIn = (status: number) => ({ anonymous: 401, default: status });
/** Members of the admin organisation (organization_admin): the persona with AdminOrganization.Owner and the one with Application.Contributor. */
const platformAdmins = (status: number) => ({ anonymous: 401, applicationContributor: status, platformAdmin: status, default: 403 });
/** Readable by the target's organisation and by admin-organisation members; others get `outside`. */
const sameOrganization = (outside: number) => ({ anonymous: 401, otherOwner: outside, default: 200 });

/** AuthorisationAssignment.* holders in the dataset's owner organisation (Delta) and the platform admin. */
const authorisationManagers = (status: number) => ({
  anonymous: 401,
  owner: status,
  authorisationContributor: status,
  platformAdmin: status,
  default: 403,
});
/** Data of a dataset of Delta, served by the real reference data source: its members read it, nobody else without a grant. */
const datasetData = { anonymous: 401, applicationContributor: 403, otherOwner: 403, platformAdmin: 403, default: 200 };

/** ApiToken.Manage: owners of the organisation (Delta) and the platform admin. */
const tokenManagers = (status: number) => ({ anonymous: 401, owner: status, platformAdmin: status, default: 403 });
/** Organization.Update: owners and organisation contributors of Delta, and the platform admin. */
const organizationUpdaters = (status: number) => ({ anonymous: 401, owner: status, organizationContributor: status, platformAdmin: status, default: 403 });
const tokenBody = { name: 'Koppeling', scopes: ['data:read'], expires_in_days: 30 };

export const MATRIX: MatrixRow[] = [
  row('GET /api/health', { default: 200 }),
  // Issue 36: the open DCAT-AP-NL catalogue, an online dataset's entry (the matrix's real data source) and the ODRL profile: public metadata.
  row('GET /api/catalog', { default: 200 }),
  row('GET /api/catalog/datasets/{slug}', { default: 200 }),
  row('GET /api/odrl/profile', { default: 200 }),
  row('GET /api/login', { default: 302 }),
  row('GET /api/logout', { default: 302 }),
  row('POST /api/auth/login', { default: 401 }, { email: 'niemand@example.test', password: 'onjuist-wachtwoord' }),
  row('POST /api/auth/signup', { default: 422 }, { email: 'geen-adres' }),
  row('POST /api/auth/signup/resend', { default: 202 }, () => ({ email: `niemand-${Math.random().toString(36).slice(2)}@example.test` })),
  // A fresh open sign-up per cell (see pathFor): its link and password create the account.
  row('POST /api/auth/signup/verify', { default: 200 }, () => ({ token: nextSignupToken(), password: SIGNUP_PASSWORD })),
  // Public: the link is the key (an open sign-up per cell); it is not used up.
  row('GET /api/auth/signup/verify/{token}', { default: 200 }),
  row('POST /api/auth/logout', signedIn(204)),
  row('GET /api/auth/providers', { default: 200 }),
  // GitHub is configured for the matrix: the start redirects to it, a callback without a flow back to sign-in.
  row('GET /api/auth/{provider}', { default: 302 }),
  row('GET /api/auth/{provider}/callback', { default: 302 }),
  row('GET /api/current_user', signedIn(200)),
  row('GET /api/users', signedIn(200)),
  row('GET /api/users/{id}', sameOrganization(404)),
  row('PUT /api/users/{id}', { anonymous: 401, default: 403 }, { firstname: 'Overgenomen' }),
  row('DELETE /api/users/{id}', { anonymous: 401, owner: 204, userContributor: 204, platformAdmin: 204, otherOwner: 404, default: 403 }),
  row('DELETE /api/users/{id}/remove_from_organization', {
    anonymous: 401,
    owner: 204,
    userContributor: 204,
    platformAdmin: 204,
    otherOwner: 404,
    default: 403,
  }),
  row('GET /api/users/{id}/permissions', sameOrganization(404)),
  row('GET /api/users/{id}/roles', sameOrganization(404)),
  row(
    'POST /api/users/{id}/role',
    { anonymous: 401, owner: 200, userContributor: 200, platformAdmin: 200, otherOwner: 404, default: 403 },
    { name: 'Datasource.Contributor' },
  ),
  row(
    'POST /api/users/{id}/roles',
    { anonymous: 401, owner: 200, userContributor: 200, platformAdmin: 200, otherOwner: 404, default: 403 },
    { names: ['Datasource.Contributor'] },
  ),
  row('DELETE /api/users/{id}/roles/{role}', { anonymous: 401, owner: 200, userContributor: 200, platformAdmin: 200, otherOwner: 404, default: 403 }),
  row(
    'POST /api/invitations',
    { anonymous: 401, owner: 201, userContributor: 201, otherOwner: 201, platformAdmin: 201, default: 403 },
    { email: 'uitgenodigd@example.test' },
  ),
  row('GET /api/invitations', { anonymous: 401, owner: 200, userContributor: 200, otherOwner: 200, otherContributor: 200, platformAdmin: 200, default: 403 }),
  row('DELETE /api/invitations/{id}', { anonymous: 401, owner: 204, userContributor: 204, platformAdmin: 204, otherOwner: 404, otherContributor: 404, default: 403 }),
  // A fresh link lets someone join: only the organisation itself sends one; the platform admin may withdraw it (issue 32).
  row('POST /api/invitations/{id}/resend', { anonymous: 401, owner: 200, userContributor: 200, platformAdmin: 403, otherOwner: 404, otherContributor: 404, default: 403 }),
  // A fresh open invitation of Delta for an address none of the personas has.
  row('GET /api/invitations/{token}', { default: 200 }),
  row('POST /api/invitations/{token}/accept', signedIn(403)),
  row('GET /api/outbox', { anonymous: 401, platformAdmin: 200, default: 403 }),
  row('GET /api/organizations', signedIn(200)),
  row('GET /api/organizations/{slug}', sameOrganization(403)),
  row(
    'PUT /api/organizations/{organization_id}',
    { anonymous: 401, owner: 200, organizationContributor: 200, platformAdmin: 200, default: 403 },
    { kvk_number: 12345678 },
  ),
  row('GET /api/organizations/{slug}/users', sameOrganization(403)),
  row('GET /api/organizations/{slug}/licences', sameOrganization(403)),
  row('GET /api/datasources', datasourceReaders(200)),
  row('GET /api/my-datasources', datasourceReaders(200)),
  row('GET /api/datasources/{id}', { ...datasourceReaders(200), otherOwner: 404 }),
  row('POST /api/datasources', datasourceReaders(201), () => ({ name: `Bron ${Math.random().toString(36).slice(2)}` })),
  row('DELETE /api/datasources/{id}', { ...datasourceReaders(204), otherOwner: 404 }),
  // A new key speaks for the data source: the organisation's own, not the platform admin's (issue 32).
  row('GET /api/datasources/{id}/new-key', { ...datasourceReaders(200), otherOwner: 404, platformAdmin: 403 }),
  row('GET /api/datasources/{id}/path-overrides', { ...datasourceReaders(200), otherOwner: 404 }),
  row('PUT /api/datasources/{id}/path-overrides/{path}', { ...datasourceReaders(200), otherOwner: 404 }, { path_override_pattern: '/api/{DATASET_ID}' }),
  row('DELETE /api/datasources/{id}/path-overrides/{path}', { ...datasourceReaders(204), otherOwner: 404 }),
  row('GET /api/datasets', signedIn(200)),
  row('GET /api/my-datasets', signedIn(200)),
  // An offline dataset of Kwekerij Delta: its own organisation and admins see it, others do not.
  row('GET /api/datasets/{slug}', { ...sameOrganization(404) }),
  row('GET /api/organizations/{slug}/datasets', signedIn(200)),
  // Page-shaped reads: the shell for everyone signed in; the dataset page as GET /api/datasets/{slug} (the same offline dataset).
  row('GET /api/pages/shell', signedIn(200)),
  row('GET /api/pages/datasets', signedIn(200)),
  row('GET /api/pages/my-datasets', signedIn(200)),
  row('GET /api/pages/machtigingen', signedIn(200)),
  row('GET /api/pages/dataset/{slug}', { ...sameOrganization(404) }),
  // The organisation, data-source and application pages: as strict as the reads each is made of.
  row('GET /api/pages/organization/{slug}', sameOrganization(403)),
  row('GET /api/pages/datasources', signedIn(200)),
  row('GET /api/pages/datasource/{id}', { ...datasourceReaders(200), otherOwner: 404 }),
  row('GET /api/pages/manage-datasets', signedIn(200)),
  row('GET /api/pages/application/{slug}', signedIn(200)),
  row('GET /api/pages/organization/{slug}/applications', signedIn(200)),
  row('GET /api/pages/my-applications', signedIn(200)),
  row('GET /api/pages/manage-applications', platformAdmins(200)),
  row('GET /api/pages/new-application', platformAdmins(200)),
  row('GET /api/pages/manage-application/{slug}', platformAdmins(200)),
  // One's own account pages: anyone signed in, as the reads they are made of.
  row('GET /api/pages/profile', signedIn(200)),
  row('GET /api/pages/two-factor', signedIn(200)),
  // The organisation-management pages: as the reads they are made of (Delta's users and one of them).
  row('GET /api/pages/my-organization', signedIn(200)),
  row('GET /api/pages/users/{slug}', sameOrganization(403)),
  row('GET /api/pages/my-users', signedIn(200)),
  row('GET /api/pages/home', signedIn(200)),
  row('GET /api/pages/new-authorisation', signedIn(200)),
  row('GET /api/pages/logbook', { anonymous: 401, owner: 200, otherOwner: 200, otherContributor: 403, platformAdmin: 200, default: 403 }),
  row('GET /api/pages/user/{id}', sameOrganization(404)),
  // The Hub Protocol takes data-source tokens only: no user token opens it (data-source-protocol.int.spec.ts covers those).
  row('GET /api/datasource-agent/package.tgz', { default: 200 }),
  row('GET /api/datasource-agent/datahub-databron-linux-x64', { default: 200 }),
  row('POST /api/datasource-protocol/host', { default: 401 }, { hostname: 'bron.example.nl' }),
  row('POST /api/datasource-protocol/datasets', { default: 401 }, { file_format: '.ttl' }),
  row('GET /api/datasource-protocol/datasets', { default: 401 }),
  // Authorisations on an online dataset of Delta, granted to Kassenbouw West (otherOwner's organisation).
  row('GET /api/organizations/{slug}/authorisations/received', { ...authorisationManagers(200), otherOwner: 403 }),
  row('GET /api/organizations/{slug}/authorisations/given', { ...authorisationManagers(200), otherOwner: 403 }),
  row('GET /api/organizations/{slug}/authorisations/history', { ...authorisationManagers(200), otherOwner: 403 }),
  // Granted to a third organisation: otherOwner neither gave nor received it.
  row('GET /api/authorisations/{id}', { ...authorisationManagers(200), otherOwner: 404 }),
  // Only the owner organisation grants on its datasets: the platform admin may not (issue 19).
  row('POST /api/datasets/{id}/authorisations', { ...authorisationManagers(201), platformAdmin: 403 }, ({ path }: MatrixContext) => ({
    dataset: path.split('/')[3],
    authorisations: ['Dataset.ReadWater'],
    assignee_organization: 'kassenbouw-west',
    expiration_date: '2099-12-31',
  })),
  row('DELETE /api/datasets/{dataset}/authorisations/{authorisation}/organizations/{assignee_organization}', authorisationManagers(200)),
  // A machtiging card of Delta (a Water grant to West): another organisation does not find it; only the owner organisation grants.
  row('PUT /api/authorisation-groups/{dataset_id}/{organization_id}', { ...authorisationManagers(200), platformAdmin: 403, otherOwner: 404 }, {
    authorisations: ['Dataset.ReadWater', 'Dataset.ReadHeating'],
    expiration_date: '2099-12-31',
  }),
  row('DELETE /api/authorisation-groups/{dataset_id}/{organization_id}', { ...authorisationManagers(200), otherOwner: 404 }),
  row('GET /api/authorisation-assignees', { ...authorisationManagers(200), otherOwner: 200 }),
  row('GET /api/datasets/{id}/access', signedIn(200)),
  row('GET /api/datasets/{id}/data', datasetData),
  row('GET /api/datasets/{id}/xml', datasetData),
  // The SPARQL 1.1 Protocol endpoint: GET with a query as the data; the matrix's POST has no protocol body (415).
  row('GET /api/datasets/{id}/sparql', datasetData),
  row('POST /api/datasets/{id}/sparql', signedIn(415)),
  row('DELETE /api/datasource-protocol/datasets/{dataset_id}', { default: 401 }),
  // Applications: read by everyone signed in; written by Application.* holders (admin organisation only).
  row('GET /api/applications', signedIn(200)),
  row('GET /api/organizations/{slug}/applications', signedIn(200)),
  row('GET /api/application/{slug}', signedIn(200)),
  row('POST /api/applications', applicationWriters(201), (context: MatrixContext) => applicationBody(context)),
  row('PUT /api/applications/{application_id}', applicationWriters(200), (context: MatrixContext) => applicationBody(context)),
  row('DELETE /api/applications/{id}', applicationWriters(204)),
  // The linked data source, like data sources themselves: the owner organisation and admin-organisation members.
  row('GET /api/applications/{id}/datasource', sameOrganization(404)),
  // Logos: PUT bodies are images (the matrix sends none: 422 once past the permission check).
  row('GET /api/logos/{id}', { default: 200 }),
  row('PUT /api/applications/{id}/logo', { ...applicationWriters(422) }),
  row('DELETE /api/applications/{id}/logo', applicationWriters(204)),
  row('PUT /api/organizations/{organization_id}/logo', { anonymous: 401, owner: 422, organizationContributor: 422, platformAdmin: 422, default: 403 }),
  row('DELETE /api/organizations/{organization_id}/logo', { anonymous: 401, owner: 204, organizationContributor: 204, platformAdmin: 204, default: 403 }),
  // Usage insight and ratings (issue 13): counting and rating are anyone's own; the overview and support desk are the admin organisation's.
  row('POST /api/insight/page-views', signedIn(204), { route: '/datasets' }),
  row('GET /api/insight/overview', platformAdmins(200)),
  row('GET /api/jobs', platformAdmins(200)),
  row('GET /api/insight/my-datasets', signedIn(200)),
  row('GET /api/ratings/state', signedIn(200)),
  row('POST /api/ratings', signedIn(204), { action: 'dismiss' }),
  // Support requests: the body is multipart (the matrix sends none: 422 once signed in).
  row('POST /api/support-requests', signedIn(422)),
  row('GET /api/support-requests', platformAdmins(200)),
  row('PATCH /api/support-requests/{id}', platformAdmins(204), { status: 'closed' }),
  row('GET /api/support-requests/{id}/attachments/{attachment_id}', platformAdmins(200)),
  // API tokens (issue 21): personal ones are everyone's own; an organisation's need ApiToken.Manage there.
  row('GET /api/profile/api-tokens', signedIn(200)),
  row('POST /api/profile/api-tokens', signedIn(201), tokenBody),
  row('DELETE /api/profile/api-tokens/{token_id}', signedIn(404)),
  // The start page's welcome (issue 25): everyone's own.
  row('GET /api/profile/welcome', signedIn(200)),
  row('POST /api/profile/welcome/dismiss', signedIn(204)),
  row('GET /api/organizations/{organization_id}/api-tokens', tokenManagers(200)),
  // An organisation token reads all its data: only the organisation makes one; the platform admin lists and revokes (issue 32).
  row('POST /api/organizations/{organization_id}/api-tokens', { ...tokenManagers(201), platformAdmin: 403 }, tokenBody),
  row('DELETE /api/organizations/{organization_id}/api-tokens/{token_id}', tokenManagers(204)),
  // Members' personal tokens (issue 32): seen and revoked by ApiToken.Manage holders there (the platform admin: abuse handling).
  row('GET /api/organizations/{organization_id}/member-api-tokens', tokenManagers(200)),
  row('DELETE /api/organizations/{organization_id}/member-api-tokens/{token_id}', tokenManagers(204)),
  // Passwords (issue 25): the reset is public (the same answer whether or not the address exists; an unknown link: 404);
  // changing needs a session and the current password (the matrix sends a wrong one: 422).
  row('POST /api/auth/password-reset', { default: 202 }, () => ({ email: `niemand-${Math.random().toString(36).slice(2)}@example.test` })),
  // A live link of a fresh account per cell: anyone holding it may read its address and, with a password
  // that breaks the rules (the account's own address), gets the Dutch field error.
  row('GET /api/auth/password-reset/{token}', { default: 200 }),
  row('POST /api/auth/password-reset/confirm', { default: 422 }, () => ({ token: nextResetToken(), password: 'kort' })),
  row('GET /api/auth/password', signedIn(200)),
  row('POST /api/auth/password', signedIn(422), { current_password: 'niet-het-huidige-wachtwoord', new_password: 'Een-nieuw-wachtwoord-2026' }),
  // Two-step sign-in (issue 25): each user's own, named by no id. Rows run in this order: no enrolment yet (404), one started
  // and abandoned, so confirming finds none (404); turning off what is not on: 409. The code step takes no session: a made-up token is 401.
  row('GET /api/auth/two-factor', signedIn(200)),
  row('GET /api/auth/two-factor/enrolment', signedIn(404)),
  row('POST /api/auth/two-factor/enrolment', signedIn(204)),
  row('DELETE /api/auth/two-factor/enrolment', signedIn(204)),
  row('POST /api/auth/two-factor/enrolment/confirm', signedIn(404), { code: '123456' }),
  row('POST /api/auth/two-factor/disable', signedIn(409), { code: '123456' }),
  row('POST /api/auth/login/two-factor', { default: 401 }, { challenge: 'verzonnen-token', code: '123456' }),
  // The workbench (issue 25): the summary like the data itself; the download's matrix POST has no protocol body (415).
  row('GET /api/datasets/{id}/summary', datasetData),
  row('POST /api/datasets/{id}/sparql/download', signedIn(415)),
  // Issue 38: the hub-wide endpoint (GET without a query: its service description) and the list of what the caller may read (its own, nothing else);
  // the matrix's POSTs have no protocol body (415).
  row('GET /api/sparql', signedIn(200)),
  row('GET /api/sparql/datasets', signedIn(200)),
  row('POST /api/sparql', signedIn(415)),
  row('POST /api/sparql/download', signedIn(415)),
  // Webhooks (issue 24): Organization.Update in the organisation; another organisation's: refused.
  row('GET /api/organizations/{organization_id}/webhooks', organizationUpdaters(200)),
  // A loopback address is refused once past the permission check (the matrix allows no private hosts): 422.
  // Only the organisation subscribes its own events (issue 32): the platform admin is refused before the address is looked at.
  row('POST /api/organizations/{organization_id}/webhooks', { ...organizationUpdaters(422), platformAdmin: 403 }, { url: 'https://127.0.0.1:9/haak', kinds: ['dataset.online'] }),
  row('DELETE /api/organizations/{organization_id}/webhooks/{webhook_id}', organizationUpdaters(204)),
  // Switching on and resending make a webhook send again: the organisation's own; the admin may remove one (issue 32).
  row('POST /api/organizations/{organization_id}/webhooks/{webhook_id}/enable', { ...organizationUpdaters(200), platformAdmin: 403 }),
  row('GET /api/organizations/{organization_id}/webhooks/{webhook_id}/deliveries', organizationUpdaters(200)),
  row('POST /api/organizations/{organization_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/resend', { ...organizationUpdaters(204), platformAdmin: 403 }),
  // Audit trail (issue 23): AuditLog.Read (owners); each owner reads its own organisation's log, the
  // platform admin all of it; a dataset's use by others only for its owner organisation.
  row('GET /api/audit-log', { anonymous: 401, owner: 200, otherOwner: 200, otherContributor: 403, platformAdmin: 200, default: 403 }),
  row('GET /api/audit-log/csv', { anonymous: 401, owner: 200, otherOwner: 200, otherContributor: 403, platformAdmin: 200, default: 403 }),
  row('GET /api/datasets/{id}/use-by-others', { anonymous: 401, owner: 200, platformAdmin: 200, default: 403 }),
  // Access requests (issue 23): any other organisation may ask (the admin organisation too; on its own dataset: 422); deciding and the received list are
  // the owner organisation's AuthorisationAssignment.Create holders'; a request id that does not exist: 404 for them.
  row('POST /api/datasets/{id}/access-requests', { anonymous: 401, default: 422, otherOwner: 201, otherContributor: 201, applicationContributor: 201, platformAdmin: 201 }, { authorisations: ['Dataset.ReadWater'], reason: 'Matrix' }),
  row('GET /api/organizations/{organization_id}/access-requests/received', { anonymous: 401, owner: 200, authorisationContributor: 200, platformAdmin: 200, default: 403 }),
  row('GET /api/organizations/{organization_id}/access-requests/open-count', { anonymous: 401, owner: 200, authorisationContributor: 200, platformAdmin: 200, default: 403 }),
  row('GET /api/organizations/{organization_id}/access-requests/sent', { anonymous: 401, otherOwner: 403, default: 200 }),
  row('POST /api/access-requests/{id}/approve', { anonymous: 401, owner: 404, authorisationContributor: 404, platformAdmin: 404, otherOwner: 404, default: 403 }, { authorisations: ['Dataset.ReadWater'] }),
  row('POST /api/access-requests/{id}/decline', { anonymous: 401, owner: 404, authorisationContributor: 404, platformAdmin: 404, otherOwner: 404, default: 403 }, { reason: 'Matrix' }),
];
