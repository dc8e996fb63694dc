import { useState } from 'react';
import { useRouteLoaderData } from '@remix-run/react';
import { IDEMPOTENCY_FIELD, newFormKey } from '~/lib/core/idempotency';
import type { loader as rootLoader } from '~/root';

/** With the render's form key, which the API calls of its post send as Idempotency-Key; hydration keeps the server's key. */
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
