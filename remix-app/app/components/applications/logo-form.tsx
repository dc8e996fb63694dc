import { Form } from '@remix-run/react';
import { APPLICATION_LABELS } from '@datahub/domain';
import { LogoOrInitials } from '~/components/applications/application-cards';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError } from '~/components/core/form-controls';
import { primaryButton } from '~/components/core/button';

const L = APPLICATION_LABELS.logo;

export function LogoForm({ name, logoUrl, error, colourKey }: { name: string; logoUrl: string | null; error?: string; colourKey?: string }) {
  return (
    <div className="mt-4 space-y-4">
      <div className="flex items-center gap-4">
        <LogoOrInitials name={name} logoUrl={logoUrl} size="lg" colourKey={colourKey} />
        <p className="text-sm text-stone-600">{logoUrl ? L.current : L.none}</p>
      </div>
      <FormError message={error} />
      <Form method="post" encType="multipart/form-data" noValidate className="flex flex-wrap items-end gap-3" aria-label={L.upload}>
        <CsrfInput />
        <input type="hidden" name="intent" value="logo-uploaden" />
        <div className="min-w-0 max-w-full">
          <label htmlFor="logo" className="block text-sm font-medium text-stone-800">
            {L.file}
          </label>
          <input id="logo" name="logo" type="file" accept="image/png,image/jpeg" required className="mt-1 block w-full max-w-full text-sm text-stone-800" />
        </div>
        <button
          type="submit"
          className={primaryButton()}
        >
          {L.upload}
        </button>
      </Form>
      {logoUrl ? (
        <Form method="post" encType="multipart/form-data" noValidate aria-label={L.remove}>
          <CsrfInput />
          <input type="hidden" name="intent" value="logo-verwijderen" />
          <button
            type="submit"
            className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 shadow-sm hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {L.remove}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
