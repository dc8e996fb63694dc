import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { CONSENT_LABELS, safeRedirectPath } from '@datahub/domain';
import { csrfRefusalResponse } from '~/lib/core/csrf.server';
import { consentCookie } from '~/lib/account/consent.server';
import { textField } from '~/lib/core/forms';
import { flashCookie } from '~/lib/core/session.server';
import { readForm } from '~/lib/core/action.server';

/** The banner's and the profile's consent form (no page of its own): stores the choice and goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const refused = csrfRefusalResponse(request, formData);
  if (refused) return refused;
  const choice = textField(formData, 'keuze') === 'alle' ? 'alle' : 'noodzakelijk';
  const back = safeRedirectPath(textField(formData, 'terug'), '/');
  const headers = new Headers({ 'Set-Cookie': consentCookie(request, choice) });
  if (textField(formData, 'melding') === 'ja') headers.append('Set-Cookie', await flashCookie(request, CONSENT_LABELS.saved));
  return redirect(back, { headers });
}

export function loader() {
  return redirect('/');
}
