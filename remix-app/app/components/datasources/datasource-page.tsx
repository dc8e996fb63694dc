import { CONFIRM_LABELS, DATASET_LABELS } from '@datahub/domain';
import type { DatasourceView } from '@datahub/api-client';
import type { ConfirmFormProps } from '~/components/core/confirm-action';

const L = DATASET_LABELS.datasources;
const C = CONFIRM_LABELS;

type DatasourceConfirmation = 'verwijderen' | 'nieuwe-sleutel';

export function isDatasourceConfirmation(value: string): value is DatasourceConfirmation {
  return value === 'verwijderen' || value === 'nieuwe-sleutel';
}

export function datasourceConfirmation(
  kind: DatasourceConfirmation,
  datasource: Pick<DatasourceView, 'datasource_id' | 'name'>,
): ConfirmFormProps & { title: string; label: string; confirmHref: string; action: string } {
  const page = `/databron/${datasource.datasource_id}`;
  if (kind === 'verwijderen') {
    return {
      label: L.delete,
      title: C.deleteDatasource.title(datasource.name),
      description: <p>{L.deleteExplain}</p>,
      confirmLabel: C.deleteDatasource.confirm,
      fields: { intent: 'verwijderen' },
      action: page,
      confirmHref: `${page}/verwijderen`,
      tone: 'danger',
    };
  }
  return {
    label: L.newKey,
    title: C.newKey.title(datasource.name),
    description: <p>{L.newKeyExplain}</p>,
    confirmLabel: C.newKey.confirm,
    fields: { intent: 'nieuwe-sleutel' },
    action: page,
    confirmHref: `${page}/nieuwe-sleutel`,
    tone: 'neutral',
  };
}
