import { data, redirect } from '@remix-run/node';
import { API_TOKEN_LABELS } from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import { flashCookie } from '../core/session.server';
import { textField } from '../core/forms';
import type { ApiTokenRow, TokenReply } from './api-tokens.server';

export interface MemberApiTokenRow extends ApiTokenRow {
  member_id: string;
  member_name: string;
  member_email: string;
}

export const MEMBER_TOKEN_REVOKE_INTENT = 'member-api-token-revoke';

/** Null: not ours. A token already gone counts as revoked. */
export async function memberApiTokenAction(request: Request, formData: FormData, organizationId: string, back: string) {
  if (textField(formData, 'intent') !== MEMBER_TOKEN_REVOKE_INTENT) return null;
  const result = await apiRequest(
    request,
    'delete',
    '/api/organizations/{organization_id}/member-api-tokens/{token_id}',
    { params: { path: { organization_id: organizationId, token_id: textField(formData, 'token_id') } } },
    { refusals: 'return' },
  );
  if (!result.ok && result.status !== 404) return data<TokenReply>({ intent: 'api-token', formError: API_TOKEN_LABELS.failed }, { status: result.status });
  return redirect(back, { headers: { 'Set-Cookie': await flashCookie(request, API_TOKEN_LABELS.revoked) } });
}

