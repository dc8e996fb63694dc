import { data, redirect } from '@remix-run/node';
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_LABELS, CONFIRM_LABELS, isApiTokenScope } from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import { flashCookie } from '../core/session.server';
import { keepShownOnce } from '../core/shown-once.server';
import { fieldErrorsOf, keptValues, textField, type FormReply } from '../core/forms';

/** An organisation's needs ApiToken.Manage. */
export type TokenOwner = { kind: 'personal' } | { kind: 'organization'; organizationId: string };

export interface ApiTokenRow {
  id: string;
  name: string;
  scopes: string[];
  created_by: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  last_used_address: string | null;
}

export type TokenReply = FormReply & { intent: 'api-token' };

export async function loadApiTokens(request: Request, owner: TokenOwner): Promise<ApiTokenRow[]> {
  const result =
    owner.kind === 'personal'
      ? await apiRequest(request, 'get', '/api/profile/api-tokens')
      : await apiRequest(request, 'get', '/api/organizations/{organization_id}/api-tokens', { params: { path: { organization_id: owner.organizationId } } });
  return result.ok ? result.data : [];
}

function createBody(formData: FormData) {
  const expiry = textField(formData, 'expiry');
  // An unknown choice sends no expiry at all: nest-api then names the field.
  const days = API_TOKEN_EXPIRY_DAYS.find((choice) => String(choice) === expiry);
  return {
    name: textField(formData, 'name'),
    scopes: formData.getAll('scopes').filter(isApiTokenScope),
    ...(expiry === 'date' ? { expires_on: textField(formData, 'expires_on') } : days ? { expires_in_days: days } : {}),
  };
}

/** `intent` 'api-token' creates, 'api-token-revoke' revokes; null: not ours. */
export async function apiTokenAction(request: Request, formData: FormData, owner: TokenOwner, back: string) {
  const intent = textField(formData, 'intent');
  if (intent === 'api-token-revoke') {
    const id = textField(formData, 'token_id');
    const result =
      owner.kind === 'personal'
        ? await apiRequest(request, 'delete', '/api/profile/api-tokens/{token_id}', { params: { path: { token_id: id } } }, { refusals: 'return' })
        : await apiRequest(
            request,
            'delete',
            '/api/organizations/{organization_id}/api-tokens/{token_id}',
            { params: { path: { organization_id: owner.organizationId, token_id: id } } },
            { refusals: 'return' },
          );
    if (!result.ok && result.status !== 404) return data<TokenReply>({ intent: 'api-token', formError: API_TOKEN_LABELS.failed }, { status: result.status });
    return redirect(back, { headers: { 'Set-Cookie': await flashCookie(request, API_TOKEN_LABELS.revoked) } });
  }
  if (intent !== 'api-token') return null;
  const body = createBody(formData);
  const result =
    owner.kind === 'personal'
      ? await apiRequest(request, 'post', '/api/profile/api-tokens', { body }, { refusals: 'return' })
      : await apiRequest(request, 'post', '/api/organizations/{organization_id}/api-tokens', { params: { path: { organization_id: owner.organizationId } }, body }, { refusals: 'return' });
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    const formError = result.status === 409 ? API_TOKEN_LABELS.limitReached : fieldErrors ? undefined : API_TOKEN_LABELS.failed;
    return data<TokenReply>({ intent: 'api-token', formError, fieldErrors, values: keptValues(formData) }, { status: result.status });
  }
  // nest-api keeps only its hash; the portal keeps the token for one view of `back` (post/redirect/get, ADR 0034).
  return redirect(back, { headers: { 'Set-Cookie': keepShownOnce(request, back, { kind: 'api-token', name: result.data.name, token: result.data.token }) } });
}

export async function loadTokenToRevoke(request: Request, owner: TokenOwner, id: string | undefined): Promise<{ id: string; name: string }> {
  const token = (await loadApiTokens(request, owner)).find((row) => row.id === id);
  if (!token) throw data(CONFIRM_LABELS.notFound, { status: 404 });
  return { id: token.id, name: token.name };
}
