import { Form, Link, useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { AUTHORISATION_LABELS, formatDateSlashed } from '@datahub/domain';
import type { AuthorisationView } from '~/lib/authorisations';
import type { RevokeReply, RevokeTarget } from '~/lib/authorisations.server';
import { CsrfInput } from './csrf-input';
import { DatasetOwnerLogo, cardGridClass } from './dataset-cards';

const L = AUTHORISATION_LABELS;

const dangerButton =
  'rounded-md border border-red-300 bg-red-50 px-3 py-1.5 text-sm font-medium text-red-800 shadow-sm hover:bg-red-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500';
const plainButton =
  'rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 shadow-sm hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

function targetOf(item: AuthorisationView): RevokeTarget {
  return {
    dataset_id: item.dataset_id,
    dataset_name: item.dataset_name,
    authorisation: item.authorisation,
    authorisation_label: item.authorisation_label,
    assignee_organization: item.assignee_organization,
    assignee_organization_name: item.assignee_organization_name,
  };
}

function TargetInputs({ target }: { target: RevokeTarget }) {
  return (
    <>
      {Object.entries(target).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <CsrfInput />
    </>
  );
}

/**
 * 'Intrekken': without JavaScript the form asks the server for the confirmation page; with
 * JavaScript a dialog asks, then a fetcher revokes and the card disappears in place.
 */
function RevokeButton({ item, onRevoked }: { item: AuthorisationView; onRevoked: (id: string) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<RevokeReply>();
  const target = targetOf(item);
  const titleId = `intrekken-${item.authorisation_assignment_id}`;
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.revoked) {
      dialog.current?.close();
      onRevoked(fetcher.data.revoked);
    }
  }, [fetcher.state, fetcher.data, onRevoked]);
  return (
    <>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="intrekken-vragen" />
        <TargetInputs target={target} />
        <button
          type="submit"
          className={dangerButton}
          aria-label={L.revokeLabel(item.dataset_name, item.assignee_organization_name)}
          onClick={(event) => {
            event.preventDefault();
            dialog.current?.showModal();
          }}
        >
          {L.revoke}
        </button>
      </Form>
      <dialog ref={dialog} role="alertdialog" aria-labelledby={titleId} className="max-w-md rounded-lg p-6 shadow-xl backdrop:bg-stone-900/40">
        <h2 id={titleId} className="text-lg font-semibold text-stone-900">
          {L.revokeConfirmTitle}
        </h2>
        <p className="mt-2 text-stone-700">{L.revokeConfirmText(`${item.dataset_name} (${item.authorisation_label})`, item.assignee_organization_name)}</p>
        {fetcher.data?.formError ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-800">
            {fetcher.data.formError}
          </p>
        ) : null}
        <fetcher.Form method="post" className="mt-5 flex justify-end gap-3">
          <input type="hidden" name="intent" value="intrekken" />
          <input type="hidden" name="js" value="1" />
          <TargetInputs target={target} />
          <button type="button" className={plainButton} onClick={() => dialog.current?.close()}>
            {L.cancel}
          </button>
          <button type="submit" className={dangerButton} aria-disabled={fetcher.state !== 'idle' || undefined}>
            {L.revokeConfirm}
          </button>
        </fetcher.Form>
      </dialog>
    </>
  );
}

export function AuthorisationCard({ item, side, onRevoked }: { item: AuthorisationView; side: 'received' | 'given'; onRevoked: (id: string) => void }) {
  return (
    <li className="flex items-start gap-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm" data-testid="authorisation-card">
      <DatasetOwnerLogo name={item.assignee_organization_name} logoUrl={item.assignee_organization_logo_url} />
      <div className="min-w-0">
        <h3 className="line-clamp-2 break-words font-medium text-stone-900">
          <Link to={`/dataset/${encodeURIComponent(item.dataset_slug)}`} className="underline-offset-2 hover:underline">
            {item.dataset_name}
          </Link>
        </h3>
        <p className="text-sm text-stone-700">{item.authorisation_label}</p>
        <p className="truncate text-sm text-stone-600">
          {side === 'received' ? `${L.grantedBy} ${item.owner_organization_name}` : `${L.assignee} ${item.assignee_organization_name}`}
        </p>
        <p className="text-sm text-stone-600">
          {item.expiration_date ? (
            <>
              <span className="sr-only">{L.expiresLabel} </span>
              {formatDateSlashed(item.expiration_date)}
            </>
          ) : (
            L.indefinite
          )}
          {item.expired ? <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{L.expired}</span> : null}
        </p>
        {side === 'given' ? <RevokeButton item={item} onRevoked={onRevoked} /> : null}
      </div>
    </li>
  );
}

/** One list ('Ontvangen' or 'Uitgegeven'), with the empty texts as ADR 0007 reads them. */
export function AuthorisationList({ items, side, label }: { items: AuthorisationView[]; side: 'received' | 'given'; label: string }) {
  const [removed, setRemoved] = useState<string[]>([]);
  const shown = items.filter((item) => !removed.includes(item.authorisation_assignment_id));
  const onRevoked = (id: string) => setRemoved((ids) => (ids.includes(id) ? ids : [...ids, id]));
  if (shown.length === 0) return <p className="mt-4 text-stone-600">{side === 'received' ? L.emptyReceivedEver : L.emptyGivenEver}</p>;
  return (
    <>
      {shown.every((item) => item.expired) ? <p className="mt-4 text-stone-600">{side === 'received' ? L.emptyReceived : L.emptyGiven}</p> : null}
      <ul aria-label={label} className={cardGridClass}>
        {shown.map((item) => (
          <AuthorisationCard key={item.authorisation_assignment_id} item={item} side={side} onRevoked={onRevoked} />
        ))}
      </ul>
    </>
  );
}

/** Without JavaScript: the confirmation page before revoking. */
export function RevokeConfirmation({ target }: { target: RevokeTarget }) {
  return (
    <section role="alertdialog" aria-labelledby="intrekken-bevestigen" className="mt-6 rounded-lg border border-red-200 bg-white p-6 shadow-sm">
      <h2 id="intrekken-bevestigen" className="text-lg font-semibold text-stone-900">
        {L.revokeConfirmTitle}
      </h2>
      <p className="mt-2 text-stone-700">{L.revokeConfirmText(`${target.dataset_name} (${target.authorisation_label})`, target.assignee_organization_name)}</p>
      <Form method="post" className="mt-5 flex gap-3">
        <input type="hidden" name="intent" value="intrekken" />
        <TargetInputs target={target} />
        <button type="submit" className={dangerButton}>
          {L.revokeConfirm}
        </button>
        <Link to="/machtigingen" className={plainButton}>
          {L.cancel}
        </Link>
      </Form>
    </section>
  );
}
