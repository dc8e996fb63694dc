import { data, redirect } from '@remix-run/node';
import { ERROR_TEXTS, TWO_FACTOR_LABELS } from '@datahub/domain';
import type { TwoFactorPageView } from '@datahub/api-client';
import { apiRequest, refusalInit } from '../core/api.server';
import { fieldErrorsOf, textField } from '../core/forms';
import { flashCookie } from '../core/session.server';
import { TWO_FACTOR_INTENT, type TwoFactorReply, type TwoFactorStep } from './two-factor';
import { endOthersChosen } from '~/components/account/end-others-checkbox';

export function twoFactorOf(page: Pick<TwoFactorPageView, 'two_factor' | 'enrolment'>) {
  const { enrolment } = page;
  return {
    ...page.two_factor,
    enrolment: enrolment && {
      secret: enrolment.secret,
      // Shown as an image: the SVG is nest-api's, drawn by the qrcode library; an <img> runs nothing in it.
      qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(enrolment.qr_svg, 'utf8').toString('base64')}`,
    },
  };
}

export type TwoFactorView = ReturnType<typeof twoFactorOf>;

function refused(
  step: TwoFactorStep,
  result: { status: number; retryAfter?: string; error: { statusCode: number; errors?: Record<string, string> } },
  endOthers?: boolean,
) {
  const fieldErrors = fieldErrorsOf(result.error);
  const formError = fieldErrors ? undefined : result.status === 429 ? ERROR_TEXTS.login.tooManyAttempts : ERROR_TEXTS.generic;
  return data<TwoFactorReply>({ intent: TWO_FACTOR_INTENT, step, fieldErrors, formError, endOthers }, refusalInit(result));
}

/** A confirmed enrolment answers the recovery codes in this POST response only, so neither reload nor back button shows them again. */
export async function twoFactorAction(request: Request, formData: FormData, back: string) {
  const step = textField(formData, 'stap') as TwoFactorStep;
  const anchor = `${back}#tweestapsverificatie`;
  if (step === 'start' || step === 'annuleren') {
    const result = await apiRequest(request, step === 'start' ? 'post' : 'delete', '/api/auth/two-factor/enrolment', {}, { refusals: 'return' });
    if (!result.ok && result.status !== 409) return refused(step, result);
    return redirect(anchor);
  }
  const body = { code: textField(formData, 'code').trim() };
  if (step === 'bevestigen') {
    // Turning it on puts out whoever else is signed in, unless the user unticked it.
    const endOthers = endOthersChosen(formData);
    const result = await apiRequest(request, 'post', '/api/auth/two-factor/enrolment/confirm', { body: { ...body, end_other_sessions_and_tokens: endOthers } }, { refusals: 'return' });
    if (!result.ok) return result.status === 404 ? redirect(anchor) : refused(step, result, endOthers);
    return data<TwoFactorReply>({ intent: TWO_FACTOR_INTENT, step, recoveryCodes: result.data.recovery_codes });
  }
  if (step === 'uitschakelen') {
    const result = await apiRequest(request, 'post', '/api/auth/two-factor/disable', { body }, { refusals: 'return' });
    if (!result.ok && result.status !== 409) return refused(step, result);
    return redirect(anchor, { headers: { 'Set-Cookie': await flashCookie(request, TWO_FACTOR_LABELS.disabled) } });
  }
  return data<TwoFactorReply>({ intent: TWO_FACTOR_INTENT, step: 'start', formError: ERROR_TEXTS.generic }, { status: 400 });
}
