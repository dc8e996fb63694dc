export const AUTHORISATION_CARD_LABELS = {
  edit: 'Wijzigen',
  editLabel: (dataset: string, organization: string) => `Machtiging op ${dataset} voor ${organization} wijzigen`,
  categoriesList: 'Categorieën',
  editTitle: 'Machtiging wijzigen',
  editIntro: (dataset: string, organization: string) => `Wat ${organization} van de dataset ${dataset} mag opvragen, en tot wanneer.`,
  submit: 'Wijzigingen opslaan',
  saving: 'Wijzigingen worden opgeslagen…',
  saved: (dataset: string, organization: string) => `De machtiging op ${dataset} voor ${organization} is gewijzigd.`,
  unchanged: 'Er is niets gewijzigd: de machtiging was al zo.',
  failed: 'Er ging iets mis bij het wijzigen van de machtiging, probeer opnieuw of neem contact op voor hulp.',
  /** Expiries may differ within one card (granted one by one through the API): each line names its categories. */
  expiryOf: (labels: string, line: string) => `${labels}: ${line}`,
  /** For screen readers; the badge shows the number. */
  openRequests: (count: number) => (count === 1 ? '1 open aanvraag' : `${count} open aanvragen`),
} as const;
