import type { ActionFunctionArgs } from '@remix-run/node';
import { LABELS } from '@datahub/domain';
import { requireCurrentUserWithPermissions } from '../account/auth.server';
import { requireValidCsrf } from './csrf.server';
import { formBody, isFormBody } from './form-body.server';
import { rememberFormKey } from './idempotency.server';

/** A page route shows its Dutch error page for it; a resource route sends this text. */
function notAForm(status: 400 | 415): Response {
  return new Response(LABELS.errorPage.notAForm, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** Not a form is 415, an unreadable one 400, thrown so the Dutch error page answers, not Remix's English 500. */
export async function readForm(
  request: Request,
  parse: (request: Request) => Promise<FormData> = formBody,
  keep: (error: unknown) => boolean = () => false,
): Promise<FormData> {
  if (!isFormBody(request)) throw notAForm(415);
  try {
    const formData = await parse(request);
    rememberFormKey(request, formData);
    return formData;
  } catch (error) {
    if (error instanceof Response || keep(error)) throw error;
    throw notAForm(400);
  }
}

/** The first lines of every signed-in action; `refused` is the answer to return at once. */
export async function readSignedInAction(args: Pick<ActionFunctionArgs, 'request' | 'context'>) {
  // A form posted after the session ended is kept there (requireCurrentUser, ADR 0028).
  const { user, permissions } = await requireCurrentUserWithPermissions(args);
  return { user, permissions, ...(await readCheckedForm(args.request)) };
}

/** For an action that has already established who asks. */
export async function readCheckedForm(request: Request) {
  const formData = await readForm(request);
  return { formData, refused: requireValidCsrf(request, formData) };
}

export const readPublicAction = readCheckedForm;
