import { Form, useLocation, useMatches, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { CONSENT_LABELS } from '@datahub/domain';
import { routePattern, subjectSlug } from '~/lib/core/route-pattern';
import type { loader as rootLoader } from '~/root';
import { CsrfInput } from '~/components/core/csrf-input';
import { useSecondaryActions } from '~/components/core/form-controls';

const BUTTON =
  'rounded-md px-4 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2';

export function ConsentForm({ back, flash = false, className = '' }: { back: string; flash?: boolean; className?: string }) {
  // Among a page's secondary actions both choices look the same.
  const quiet = useSecondaryActions();
  return (
    <Form method="post" action="/toestemming" preventScrollReset noValidate className={`flex flex-wrap gap-3 ${className}`}>
      <CsrfInput />
      <input type="hidden" name="terug" value={back} />
      {flash ? <input type="hidden" name="melding" value="ja" /> : null}
      <button type="submit" name="keuze" value="noodzakelijk" className={`${BUTTON} border border-stone-300 bg-white text-stone-800 hover:bg-stone-100`}>
        {CONSENT_LABELS.necessaryOnly}
      </button>
      <button
        type="submit"
        name="keuze"
        value="alle"
        className={`${BUTTON} ${quiet ? 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100' : 'bg-brand-600 text-white hover:bg-brand-700'}`}
      >
        {CONSENT_LABELS.accept}
      </button>
    </Form>
  );
}

/** In the flow, so it never covers a control; sign-in and anti-forgery cookies need no consent. */
export function ConsentBanner() {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  const location = useLocation();
  if (!data || data.consent) return null;
  return (
    <section
      aria-labelledby="toestemming-titel"
      className="border-b border-amber-200 bg-amber-50 px-4 py-4 sm:px-8"
      data-testid="consent-banner"
    >
      <div className="mx-auto flex max-w-4xl flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0">
          <h2 id="toestemming-titel" className="font-semibold text-stone-900">
            {CONSENT_LABELS.title}
          </h2>
          <p className="mt-1 text-sm text-stone-700">{CONSENT_LABELS.text}</p>
        </div>
        <ConsentForm back={`${location.pathname}${location.search}`} className="shrink-0" />
      </div>
    </section>
  );
}

/** The server counts the pages it renders; client-side navigations are reported here, only with consent (the API checks DNT/GPC again). */
export function UsageTracker() {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  const location = useLocation();
  const matches = useMatches();
  const first = useRef(true);
  const allowed = data?.consent === 'alle' && !data.privacySignal;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!allowed || !data || !matches.some((match) => match.id === 'routes/_shell')) return;
    const leaf = matches[matches.length - 1];
    const route = routePattern(leaf.id);
    const body = new FormData();
    body.set(data.csrf.field, data.csrf.token);
    body.set('route', route);
    const slug = subjectSlug(route, leaf.params);
    if (slug) body.set('slug', slug);
    void fetch('/gebruik', { method: 'POST', body, credentials: 'same-origin', keepalive: true }).catch(() => undefined);
    // Only a new location is a page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
  return null;
}
