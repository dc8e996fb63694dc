import { Link } from '@remix-run/react';
import { AUTHORISATION_CARD_LABELS, AUTHORISATION_LABELS, DATASET_LABELS, EXPIRY_LABELS, expiryNote } from '@datahub/domain';
import type { AuthorisationView } from '~/lib/authorisations/authorisations';
import { groupAuthorisations, type AuthorisationGroup } from '~/lib/authorisations/authorisation-groups';
import { ConfirmAction, type ConfirmActionProps } from '~/components/core/confirm-action';
import { DatasetOwnerLogo, cardGridClass } from '~/components/datasets/dataset-cards';

const L = AUTHORISATION_LABELS;
const C = AUTHORISATION_CARD_LABELS;

function datasetName(item: Pick<AuthorisationView, 'dataset_name'>): string {
  return item.dataset_name || DATASET_LABELS.datasets.unnamed;
}

/** With JavaScript a dialog posting to /machtigingen (the card disappears in place), without it /machtigingen/{id}/intrekken. */
export function revokeAuthorisationConfirmation(group: Pick<AuthorisationGroup, 'id' | 'first' | 'grants'>): ConfirmActionProps {
  const item = group.first;
  const labels = group.grants.map((grant) => grant.authorisation_label).join(', ');
  return {
    label: L.revoke,
    accessibleName: L.revokeLabel(datasetName(item), item.assignee_organization_name),
    title: L.revokeConfirmTitle,
    description: <p>{L.revokeConfirmText(`${datasetName(item)} (${labels})`, item.assignee_organization_name)}</p>,
    confirmLabel: L.revokeConfirm,
    action: '/machtigingen',
    fields: {
      intent: 'intrekken',
      dataset_id: item.dataset_id,
      dataset_name: datasetName(item),
      assignee_organization: item.assignee_organization,
      assignee_organization_name: item.assignee_organization_name,
    },
    confirmHref: `/machtigingen/${encodeURIComponent(group.id)}/intrekken`,
    preventScrollReset: true,
    tone: 'danger',
  };
}

/** `today` comes from the loader so the page hydrates with the server's date (ADR 0013). */
function ExpiryLine({ expiration, labels, today }: { expiration: string | null; labels?: string; today: string }) {
  const note = expiryNote(expiration, today);
  return (
    <p className="text-sm text-stone-600" data-expiry={note.state}>
      <span className={note.state === 'expired' ? 'rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800' : undefined}>
        {labels ? C.expiryOf(labels, note.text) : note.text}
      </span>
      {note.state === 'soon' ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{EXPIRY_LABELS.soon}</span> : null}
    </p>
  );
}

function ScopeChips({ group }: { group: AuthorisationGroup }) {
  return (
    <ul aria-label={C.categoriesList} className="mt-1 flex flex-wrap gap-1.5">
      {group.grants.map((grant) => (
        <li key={grant.authorisation} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-900 ring-1 ring-inset ring-brand-200">
          {grant.authorisation_label}
        </li>
      ))}
    </ul>
  );
}

function AuthorisationCard({ group, side, today }: { group: AuthorisationGroup; side: 'received' | 'given'; today: string }) {
  const item = group.first;
  return (
    <li className="flex min-w-0 items-start gap-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm" data-testid="authorisation-card">
      <DatasetOwnerLogo name={item.assignee_organization_name} logoUrl={item.assignee_organization_logo_url} colourKey={item.assignee_organization_slug} />
      <div className="min-w-0">
        <h3 className="line-clamp-2 font-medium text-stone-900 [overflow-wrap:anywhere]" title={datasetName(item)}>
          <Link to={`/dataset/${encodeURIComponent(item.dataset_slug)}`} className="underline-offset-2 hover:underline">
            {datasetName(item)}
          </Link>
        </h3>
        <ScopeChips group={group} />
        <p className="mt-1 text-sm text-stone-600 [overflow-wrap:anywhere]">
          {side === 'received' ? `${L.grantedBy} ${item.owner_organization_name}` : `${L.assignee} ${item.assignee_organization_name}`}
        </p>
        {group.expiries.map((line) => (
          <ExpiryLine key={line.expiration ?? ''} expiration={line.expiration} labels={group.expiries.length > 1 ? line.labels.join(', ') : undefined} today={today} />
        ))}
        {side === 'given' ? (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Link
              to={`/machtigingen/${encodeURIComponent(group.id)}/wijzigen`}
              aria-label={C.editLabel(datasetName(item), item.assignee_organization_name)}
              className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {C.edit}
            </Link>
            <ConfirmAction {...revokeAuthorisationConfirmation(group)} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** Empty texts as ADR 0007 reads them: 'never' only when the audit trail holds no grant of that side (`ever`). */
export function AuthorisationList({
  items,
  side,
  label,
  today,
  ever = false,
}: {
  items: AuthorisationView[];
  side: 'received' | 'given';
  label: string;
  today: string;
  ever?: boolean;
}) {
  if (items.length === 0) {
    const text = side === 'received' ? (ever ? L.emptyReceived : L.emptyReceivedEver) : ever ? L.emptyGiven : L.emptyGivenEver;
    return <p className="mt-4 text-stone-600">{text}</p>;
  }
  return (
    <>
      {items.every((item) => item.expired) ? <p className="mt-4 text-stone-600">{side === 'received' ? L.emptyReceived : L.emptyGiven}</p> : null}
      <ul aria-label={label} className={cardGridClass}>
        {groupAuthorisations(items).map((group) => (
          <AuthorisationCard key={group.id} group={group} side={side} today={today} />
        ))}
      </ul>
    </>
  );
}
