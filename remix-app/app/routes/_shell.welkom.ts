import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { dismissWelcome } from '~/lib/account/welcome.server';
import { csrfRefusalResponse } from '~/lib/core/csrf.server';
import { readForm } from '~/lib/core/action.server';
import { flashCookie } from '~/lib/core/session.server';

export function loader() {
  return redirect('/');
}

/** 'Niet meer tonen' on the start page's welcome: a plain form post, then back to the start page (post/redirect/get). */
export async function action(args: ActionFunctionArgs) {
  await requireCurrentUser(args);
  const formData = await readForm(args.request);
  const refused = csrfRefusalResponse(args.request, formData);
  if (refused) return refused;
  const failure = await dismissWelcome(args.request);
  return redirect('/', failure ? { headers: { 'Set-Cookie': await flashCookie(args.request, failure) } } : undefined);
}
