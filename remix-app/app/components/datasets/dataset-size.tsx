import { DATASET_LABELS } from '@datahub/domain';

const L = DATASET_LABELS.dataset;

export function DatasetSize({ triples }: { triples: number | null | undefined }) {
  if (triples === null || triples === undefined) return null;
  return (
    <div>
      <dt className="text-sm font-medium text-stone-600">{L.size}</dt>
      <dd className="mt-1 text-stone-900" data-testid="dataset-size">
        {L.triples(triples)}
      </dd>
    </div>
  );
}
