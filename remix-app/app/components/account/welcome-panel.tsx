import { Form, Link } from '@remix-run/react';
import { WELCOME_LABELS as L } from '@datahub/domain';
import { CsrfInput } from '~/components/core/csrf-input';

export type WelcomeKind = keyof typeof L.steps;

/** For someone who has not used the hub yet: three next steps that fit their rights. 'Niet meer tonen' posts to /welkom, stored per user. */
export function WelcomePanel({ kind }: { kind: WelcomeKind }) {
  return (
    <section aria-labelledby="welkom" className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-6 shadow-sm sm:p-8" data-testid="welcome">
      <h2 id="welkom" className="text-2xl font-semibold tracking-tight text-stone-900">
        {L.title}
      </h2>
      <p className="mt-2 max-w-3xl text-stone-700">{L.intro}</p>
      <h3 className="mt-6 font-semibold text-stone-900">{L.stepsTitle}</h3>
      <ol className="mt-3 grid gap-4 sm:grid-cols-3">
        {L.steps[kind].map((step, index) => (
          <li key={step.title} className="rounded-md border border-stone-200 bg-white p-4">
            <span className="text-sm font-semibold text-brand-700" aria-hidden="true">
              {index + 1}.
            </span>{' '}
            <Link to={step.href} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              {step.title}
            </Link>
            <p className="mt-1 text-sm text-stone-600">{step.text}</p>
          </li>
        ))}
      </ol>
      <Form method="post" action="/welkom" reloadDocument noValidate className="mt-6">
        <CsrfInput />
        <button
          type="submit"
          className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 shadow-sm hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {L.dismiss}
        </button>
      </Form>
    </section>
  );
}
