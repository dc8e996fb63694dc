import type { ActionFunctionArgs } from '@remix-run/node';
import { csrfRefusalResponse } from '~/lib/core/csrf.server';
import { textField } from '~/lib/core/forms';
import { recordPageView } from '~/lib/insight/page-views.server';
import { readForm } from '~/lib/core/action.server';

/** Page views of client-side navigations (JavaScript on); the first page of a visit is counted by the server render. */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const refused = csrfRefusalResponse(request, formData);
  if (refused) return refused;
  recordPageView(request, textField(formData, 'route'), textField(formData, 'slug') || undefined);
  return new Response(null, { status: 204 });
}
