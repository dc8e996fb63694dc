import { Form, Link } from '@remix-run/react';
import { APPLICATION_LABELS, LABELS, ORGANIZATION_LABELS, displayOrganizationName, hasTemporarySlug, initials } from '@datahub/domain';
import type { FormReply } from '~/lib/core/forms';
import type { OrganizationView } from '@datahub/api-client';
import { avatarStyle } from '~/lib/core/avatar-colour';
import { LogoForm } from '~/components/applications/logo-form';
import { NoNameAvatar } from '~/components/core/no-name-avatar';
import { UsersTable } from '~/components/organizations/users-table';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField, useIsPending } from '~/components/core/form-controls';

const L = ORGANIZATION_LABELS.organization;

interface OrganizationPageData {
  organization: OrganizationView;
  isOwn: boolean;
  canEdit: boolean;
  users: { id: string; name: string; email: string; isSelf: boolean }[];
  licences: { name: string; logoUrl: string | null; endDate: string; expired: boolean }[];
}

export const sectionClass = 'mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8';

/** The initials on the organisation's own colour (equal initials look different); no name yet (a personal organisation): a neutral building. */
export function OrganizationLogo({ name, logoUrl, colourKey }: { name: string; logoUrl: string | null; colourKey?: string }) {
  if (logoUrl) return <img src={logoUrl} alt="" className="h-12 w-12 rounded-full object-cover" />;
  if (!initials(name)) return <NoNameAvatar />;
  return (
    <span aria-hidden="true" data-testid="organization-initials" style={avatarStyle(colourKey || name)} className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full font-semibold">
      {initials(name)}
    </span>
  );
}

export function OrganizationPage({ title, page, reply: anyReply }: { title: string; page: OrganizationPageData; reply?: FormReply & { intent?: string } }) {
  const { organization, canEdit, users, licences } = page;
  const logoError = anyReply?.intent === 'logo' ? anyReply.formError : undefined;
  const reply = anyReply?.intent === 'logo' ? undefined : anyReply;
  const pending = useIsPending();
  const shownName = displayOrganizationName(organization.name);
  const values = {
    name: shownName,
    kvk_number: organization.kvk_number === null ? '' : String(organization.kvk_number),
    domain: organization.domain ?? '',
    ...reply?.values,
  };

  return (
    <div>
      <div className="flex items-center gap-4">
        <OrganizationLogo name={shownName} logoUrl={organization.logo_url} colourKey={organization.slug} />
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{title}</h1>
          {shownName && shownName !== title ? <p className="mt-1 text-stone-600">{shownName}</p> : null}
        </div>
      </div>

      <section aria-labelledby="organisatie-gegevens" className={sectionClass}>
        <h2 id="organisatie-gegevens" className="text-xl font-semibold text-stone-900">
          {L.detailsTitle}
        </h2>
        {!shownName ? <p className="mt-2 text-sm text-stone-600">{L.personalHint}</p> : null}
        {!canEdit ? <p className="mt-2 text-sm text-stone-600">{L.readOnlyHint}</p> : null}
        <Form method="post" noValidate className="mt-6 space-y-6">
          <FormError message={reply?.formError} />
          <div className="grid gap-6 sm:grid-cols-2">
            <TextField
              name="name"
              label={L.name}
              required={Boolean(shownName)}
              maxLength={100}
              readOnly={!canEdit}
              defaultValue={values.name}
              error={reply?.fieldErrors?.name}
            />
            <TextField name="slug" label={L.slug} readOnly value={organization.slug} hint={hasTemporarySlug(organization) ? L.slugHintTemporary : L.slugHint} />
            <TextField
              name="kvk_number"
              label={L.kvkNumber}
              inputMode="numeric"
              pattern="[0-9]{0,8}"
              maxLength={8}
              readOnly={!canEdit}
              defaultValue={values.kvk_number}
              error={reply?.fieldErrors?.kvk_number}
            />
            <TextField
              name="domain"
              label={L.domain}
              maxLength={253}
              readOnly={!canEdit}
              defaultValue={values.domain}
              hint={L.domainHint}
              error={reply?.fieldErrors?.domain}
            />
          </div>
          {canEdit ? (
            <>
              <input type="hidden" name="organization_id" value={organization.organization_id} />
              <input type="hidden" name="intent" value="update" />
              {!shownName ? <input type="hidden" name="personal" value="1" /> : null}
              <CsrfInput />
              <SubmitButton pending={pending} pendingLabel={LABELS.saving}>
                {L.save}
              </SubmitButton>
            </>
          ) : null}
        </Form>
      </section>

      <section aria-labelledby="organisatie-gebruikers" className={sectionClass}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="organisatie-gebruikers" className="text-xl font-semibold text-stone-900">
            {L.usersTitle}
          </h2>
          <Link
            to={page.isOwn ? '/mijn-gebruikers' : `/gebruikers/${organization.slug}`}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {L.manageUsers}
          </Link>
        </div>
        {users.length === 0 ? (
          <p className="mt-4 text-stone-600">{L.usersEmpty}</p>
        ) : (
          <UsersTable users={users} label={L.usersTitle} />
        )}
      </section>

      {canEdit ? (
        <section aria-labelledby="organisatie-logo" className={sectionClass}>
          <h2 id="organisatie-logo" className="text-xl font-semibold text-stone-900">
            {APPLICATION_LABELS.logo.title}
          </h2>
          <LogoForm name={shownName} logoUrl={organization.logo_url} error={logoError} colourKey={organization.slug} />
        </section>
      ) : null}

      <section aria-labelledby="organisatie-licenties" className={sectionClass}>
        <h2 id="organisatie-licenties" className="text-xl font-semibold text-stone-900">
          {L.licencesTitle}
        </h2>
        {licences.length === 0 ? (
          <p className="mt-4 text-stone-600">{L.licencesEmpty}</p>
        ) : (
          <ul className="mt-4 divide-y divide-stone-200">
            {licences.map((licence, index) => (
              <li key={`${licence.name}-${index}`} className="flex items-center gap-3 py-3" data-testid="licence">
                <OrganizationLogo name={licence.name} logoUrl={licence.logoUrl} />
                <span>
                  <span className="font-medium text-stone-900">{licence.name}</span>
                  <span className="block text-sm text-stone-600">
                    {L.expiresOn} {licence.endDate}
                    {licence.expired ? (
                      <span className="ml-2 inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                        {APPLICATION_LABELS.licences.expired}
                      </span>
                    ) : null}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
