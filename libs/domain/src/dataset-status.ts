/** A dataset's state at the hub: 'online' is in the catalogue and readable under a machtiging. */
export const DATASET_STATUSES = ['online', 'offline'] as const;
export type DatasetStatus = (typeof DATASET_STATUSES)[number];
export const ONLINE: DatasetStatus = 'online';

export function isOnline(dataset: { status: string }): boolean {
  return dataset.status === ONLINE;
}
