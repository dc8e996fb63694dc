import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/root';

/** The anti-forgery token every form posts; actions check it with requireValidCsrf. */
export function CsrfInput() {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  if (!data) return null;
  return <input type="hidden" name={data.csrf.field} value={data.csrf.token} />;
}
