import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { csrfRefusalResponse } from '~/lib/core/csrf.server';
import { apiGet } from '~/lib/core/api.server';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { submitRating } from '~/lib/insight/rating.server';
import { readForm } from '~/lib/core/action.server';

/** The satisfaction prompt's data (JavaScript only; without it the form on /profiel is used). */
export async function loader(args: LoaderFunctionArgs) {
  await requireCurrentUser(args);
  return Response.json(await apiGet(args.request, '/api/ratings/state'), { headers: { 'Cache-Control': 'private, no-store' } });
}

export async function action(args: ActionFunctionArgs) {
  await requireCurrentUser(args);
  const formData = await readForm(args.request);
  const refused = csrfRefusalResponse(args.request, formData);
  if (refused) return refused;
  const result = await submitRating(args.request, formData);
  if (!result.ok) return Response.json(result.reply, { status: result.status });
  return Response.json({ ok: true });
}
