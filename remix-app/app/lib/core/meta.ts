import { LABELS } from '@datahub/domain';

export function pageTitle(title: string): string {
  return `${title} · ${LABELS.productName}`;
}
