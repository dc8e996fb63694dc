import { APPLICATION_LABELS } from '@datahub/domain';
import type { ConfirmActionProps } from '~/components/core/confirm-action';

const L = APPLICATION_LABELS.remove;

/** With JavaScript a dialog, without it /beheer-applicatie/{slug}/verwijderen; both post to that page's action. */
export function applicationDeletion(application: { slug: string; name: string }): ConfirmActionProps {
  const confirmPage = `/beheer-applicatie/${encodeURIComponent(application.slug)}/verwijderen`;
  return {
    label: L.button,
    title: L.title(application.name),
    description: <p>{L.explain}</p>,
    confirmLabel: L.confirm,
    action: confirmPage,
    fields: { intent: 'verwijderen' },
    confirmHref: confirmPage,
    tone: 'danger',
  };
}
