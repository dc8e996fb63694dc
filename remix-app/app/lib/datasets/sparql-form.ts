/** The dataset's id in its query forms: the action sends the query beside its page read instead of after it. */
export const DATASET_ID_FIELD = 'dataset_id';
