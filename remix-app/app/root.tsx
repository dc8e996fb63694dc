import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { LABELS } from '@datahub/domain';
import { CSRF_FIELD } from '@datahub/domain/server';
import { ConsentBanner, UsageTracker } from '~/components/account/consent-banner';
import { ErrorPanel } from '~/components/core/error-page';
import { consentChoice, privacySignal } from '~/lib/account/consent.server';
import { ensureCsrfToken } from '~/lib/core/csrf.server';
import { useNonce } from '~/lib/core/nonce';
import styles from '~/tailwind.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [{ title: LABELS.productName }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, setCookie } = ensureCsrfToken(request);
  // The field name comes along because @datahub/domain/server cannot be bundled for the browser.
  const consent = { consent: consentChoice(request), privacySignal: privacySignal(request) };
  return data({ csrf: { field: CSRF_FIELD, token }, ...consent }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

/** After any submission the CSRF token may have changed (sign-in, refused token): read it again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') || defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated, so browser tests wait for it instead of guessing.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <ConsentBanner />
      <Outlet />
      <UsageTracker />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <ErrorPanel />
    </main>
  );
}
