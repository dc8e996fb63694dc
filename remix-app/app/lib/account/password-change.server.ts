import { data, redirect } from '@remix-run/node';
import { ACCOUNT_LABELS, ERROR_TEXTS } from '@datahub/domain';
import { apiRequest, refusalInit } from '../core/api.server';
import { fieldErrorsOf, textField } from '../core/forms';
import { flashCookie } from '../core/session.server';
import { PASSWORD_INTENT, type PasswordReply } from './password-change';
import { endOthersChosen } from '~/components/account/end-others-checkbox';


/** nest-api checks the current password and the rule, ends the other sessions and tokens when ticked, and mails. */
export async function changePassword(request: Request, formData: FormData) {
  const endOthers = endOthersChosen(formData);
  const body = { current_password: textField(formData, 'current_password'), password: textField(formData, 'password'), end_other_sessions_and_tokens: endOthers };
  const result = await apiRequest(request, 'post', '/api/auth/password', { body });
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    const formError = fieldErrors ? undefined : result.status === 429 ? ERROR_TEXTS.login.tooManyAttempts : ERROR_TEXTS.generic;
    return data<PasswordReply>({ intent: PASSWORD_INTENT, fieldErrors, formError, endOthers }, refusalInit(result));
  }
  const done = endOthers ? ACCOUNT_LABELS.change.done : ACCOUNT_LABELS.change.doneKept;
  return redirect('/profiel', { headers: { 'Set-Cookie': await flashCookie(request, done) } });
}
