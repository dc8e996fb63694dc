import type { ActionFunctionArgs } from '@remix-run/node';
import { requireCurrentUserWithPermissions } from './auth.server';
import { requireValidCsrf } from './csrf.server';

/**
 * The first lines of every signed-in action: the user and their permissions (or the way to sign
 * in), the submitted form, and the anti-forgery check. `refused` is the answer to return at once.
 */
export async function readSignedInAction(args: Pick<ActionFunctionArgs, 'request' | 'context'>) {
  const { user, permissions } = await requireCurrentUserWithPermissions(args);
  const formData = await args.request.formData();
  return { user, permissions, formData, refused: requireValidCsrf(args.request, formData) };
}

/** The same for the forms that come before signing in (sign-in, sign-up, invitations). */
export async function readPublicAction(request: Request) {
  const formData = await request.formData();
  return { formData, refused: requireValidCsrf(request, formData) };
}
