import type { ReactNode } from 'react';
import { LABELS, VERSION_LABEL } from '@datahub/domain';

/** The frame of the pages a signed-out visitor sees (sign-in, sign-up). */
export function AuthLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-stone-50">
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-md">
          <div className="mb-8 flex items-center justify-center gap-3">
            <svg viewBox="0 0 32 32" className="h-10 w-10" aria-hidden="true">
              <rect width="32" height="32" rx="8" className="fill-brand-600" />
              <path
                d="M16 25c0-7 2-11 8-15-7 0-10 3-11 7-1-3-3-5-7-5 3 2 5 5 5 9"
                fill="none"
                stroke="#fff"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
            <span className="text-xl font-semibold text-stone-900">{LABELS.productName}</span>
          </div>
          <div className="rounded-xl border border-stone-200 bg-white p-8 shadow-sm">
            <h1 className="text-2xl font-semibold text-stone-900">{title}</h1>
            <p className="mt-2 text-sm text-stone-600">{intro}</p>
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
      <footer className="px-4 py-4 text-center text-sm text-stone-500">
        {VERSION_LABEL} · {LABELS.builtBy}{' '}
        <a href={LABELS.builderUrl} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {LABELS.builderName}
        </a>
      </footer>
    </div>
  );
}
