import { data, redirect } from '@remix-run/node';
import { ERROR_TEXTS, FIELD_ERRORS, TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_DETAILS, TWO_FACTOR_FIELD_ERRORS, loginErrorText, safeRedirectPath, twoFactorErrorText } from '@datahub/domain';
import { TWO_FACTOR_CHALLENGE_COOKIE } from '@datahub/domain/server';
import { apiRequest, refusalInit } from '../core/api.server';
import { parseCookies, serializeCookie } from '../core/cookies';
import { textField } from '../core/forms';
import { withRedirectUri } from '../core/redirects';
import { isSecureRequest } from '../core/session.server';
import { signInHeaders } from './auth.server';
import { SECOND_STEP, SECOND_STEP_INTENT, type SecondStepMode, type SecondStepReply } from './two-factor';

/** Path=/ because with JavaScript the page's data comes from /inloggen.data, which a Path=/inloggen cookie would not reach. */
const CHALLENGE_COOKIE = TWO_FACTOR_CHALLENGE_COOKIE;
const LOGIN_PATH = '/inloggen';

function challengeCookie(request: Request, value: string, maxAge: number): string {
  return serializeCookie(CHALLENGE_COOKIE, value, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isSecureRequest(request), maxAge });
}

export function readChallenge(request: Request): string | null {
  return parseCookies(request.headers.get('Cookie')).get(CHALLENGE_COOKIE) || null;
}

export function secondStepMode(request: Request): { mode: SecondStepMode | null; expired: boolean } {
  const asked = new URL(request.url).searchParams.get(SECOND_STEP.param);
  if (asked !== SECOND_STEP.code && asked !== SECOND_STEP.recovery) return { mode: null, expired: false };
  return readChallenge(request) ? { mode: asked, expired: false } : { mode: null, expired: true };
}

export function askForCode(request: Request, challenge: string, redirectTo: string): Response {
  const url = withRedirectUri(`${LOGIN_PATH}?${SECOND_STEP.param}=${SECOND_STEP.code}`, safeRedirectPath(redirectTo));
  return redirect(url, { headers: { 'Set-Cookie': challengeCookie(request, challenge, TWO_FACTOR_CHALLENGE_MINUTES * 60) } });
}

export async function completeSecondStep(request: Request, formData: FormData) {
  const redirectTo = safeRedirectPath(formData.get('redirect_uri'));
  const challenge = readChallenge(request);
  const reply = (fields: Omit<SecondStepReply, 'intent'>, init: ResponseInit) => data<SecondStepReply>({ intent: SECOND_STEP_INTENT, ...fields }, init);
  if (!challenge) return reply({ formError: twoFactorErrorText(TWO_FACTOR_DETAILS.challengeInvalid, ERROR_TEXTS.generic), expired: true }, { status: 401 });
  const code = textField(formData, 'code').trim();
  if (!code) return reply({ fieldErrors: { code: FIELD_ERRORS.required } }, { status: 422 });
  const result = await apiRequest(request, 'post', '/api/auth/login/two-factor', { body: { challenge, code } }, { auth: 'none' });
  if (!result.ok) {
    const expired = result.error.detail === TWO_FACTOR_DETAILS.challengeInvalid;
    // A 429 is the per-address limit or the account's cap: loginErrorText knows both texts.
    const text = result.status === 429 ? loginErrorText(result.error) : twoFactorErrorText(result.error.detail, ERROR_TEXTS.generic);
    const init = refusalInit(result);
    if (expired) init.headers = { ...init.headers, 'Set-Cookie': challengeCookie(request, '', 0) };
    if (expired || result.status === 429) return reply({ formError: text, expired }, init);
    const recovery = textField(formData, SECOND_STEP.param) === SECOND_STEP.recovery;
    return reply({ fieldErrors: { code: recovery ? TWO_FACTOR_FIELD_ERRORS.invalidRecoveryCode : text } }, init);
  }
  const headers = signInHeaders(request, result.data.access_token, result.data.expires_at);
  headers.append('Set-Cookie', challengeCookie(request, '', 0));
  return redirect(redirectTo, { headers });
}
