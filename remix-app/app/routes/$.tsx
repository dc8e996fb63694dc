import { redirect } from '@remix-run/node';

// Unknown paths (and pages that do not exist yet) lead to the start page.
export const loader = () => redirect('/');
export const action = () => redirect('/');

export default function UnknownPath() {
  return null;
}
