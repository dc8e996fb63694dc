import { redirect } from '@remix-run/node';
import { LABELS } from '@datahub/domain';
import { flashCookie, getAccessToken } from '~/lib/core/session.server';

/**
 * Unknown paths (and pages that do not exist yet) lead to the start page, which then says the page
 * does not exist (issue 25). A visitor who is not signed in goes on to sign in without that message.
 */
async function toStartPage({ request }: { request: Request }) {
  if (!getAccessToken(request)) return redirect('/');
  return redirect('/', { headers: { 'Set-Cookie': await flashCookie(request, LABELS.errorPage.unknownPath) } });
}

export const loader = toStartPage;
export const action = toStartPage;

export default function UnknownPath() {
  return null;
}
