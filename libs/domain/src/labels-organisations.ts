/** Dutch labels of the organisation, user and invitation pages (spec texts verbatim). */
export const ORGANISATION_LABELS = {} as const;
