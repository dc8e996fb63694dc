import type { ReactNode } from 'react';
import { LABELS, OPEN_STANDARDS_LABELS, VERSION_LABEL } from '@datahub/domain';
import { Logo } from '~/components/core/logo';

export function AuthLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-stone-50">
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-md">
          <div className="mb-8 flex items-center justify-center gap-3">
            <Logo className="h-10 w-10" />
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
        </a>{' '}
        ·{' '}
        <a href={OPEN_STANDARDS_LABELS.openCatalogueHref} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {OPEN_STANDARDS_LABELS.openCatalogue}
        </a>
      </footer>
    </div>
  );
}
