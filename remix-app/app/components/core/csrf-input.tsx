import { useState } from 'react';
import { useRouteLoaderData } from '@remix-run/react';
import { IDEMPOTENCY_FIELD, newFormKey } from '~/lib/core/idempotency';
import type { loader as rootLoader } from '~/root';

/**
 * The anti-forgery token every form posts; actions check it with requireValidCsrf. With it, the
 * form's key for this render (issue 34): the API calls its post makes carry it as Idempotency-Key.
 * The browser keeps the server's key (hydration does not change attributes), so either side's is fine.
 */
export function CsrfInput() {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  const [formKey] = useState(newFormKey);
  if (!data) return null;
  return (
    <>
      <input type="hidden" name={data.csrf.field} value={data.csrf.token} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={formKey} suppressHydrationWarning />
    </>
  );
}
