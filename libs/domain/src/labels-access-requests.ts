export const ACCESS_REQUEST_REASON_MAX = 1000;

export const ACCESS_REQUEST_STATUSES = ['open', 'approved', 'declined'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

export const ACCESS_REQUEST_LABELS = {
  title: 'Toegang aanvragen',
  intro: (owner: string) => `Vraag ${owner} om leesrechten op deze dataset, voor alle data of voor categorieën.`,
  categories: 'Categorieën',
  reason: 'Reden',
  reasonHint: 'Waarvoor wilt u de data gebruiken? Maximaal 1000 tekens.',
  expiration: 'Gewenste vervaldatum (optioneel)',
  submit: 'Aanvraag versturen',
  sent: (dataset: string) => `Uw aanvraag voor ${dataset} is verstuurd.`,
  tab: 'Aanvragen',
  empty: 'Er zijn geen open aanvragen.',
  requestedBy: 'Aangevraagd door',
  wished: 'Gewenste vervaldatum',
  approve: 'Goedkeuren',
  decline: 'Afwijzen',
  declineReason: 'Reden van afwijzing',
  approved: (dataset: string, organization: string) => `De aanvraag van ${organization} voor ${dataset} is goedgekeurd.`,
  declined: (dataset: string, organization: string) => `De aanvraag van ${organization} voor ${dataset} is afgewezen.`,
  sentRequests: 'Uw aanvragen',
  // Shown on the dataset page instead of the form.
  openRequestByYou: (date: string) => `U heeft op ${date} toegang aangevraagd.`,
  openRequestByOrganization: (date: string) => `Uw organisatie heeft op ${date} toegang aangevraagd.`,
  openRequestStatus: 'Status',
  openRequestScopes: 'Gevraagd',
  openRequestWhere: 'Bekijk uw aanvragen onder Machtigingen',
  status: { open: 'In behandeling', approved: 'Goedgekeurd', declined: 'Afgewezen' } as Record<AccessRequestStatus, string>,
  mailToOwnerSubject: (dataset: string) => `Aanvraag voor toegang tot ${dataset}`,
  mailToOwner: (organization: string, dataset: string, scopes: string, reason: string, link: string) =>
    `Beste,\n\n${organization} vraagt toegang tot de dataset ${dataset} (${scopes}).\n\nReden: ${reason}\n\nBekijk de aanvraag onder 'Aanvragen': ${link}\n`,
  mailToRequesterSubject: (dataset: string) => `Uw aanvraag voor ${dataset}`,
  mailApproved: (dataset: string, scopes: string, link: string) =>
    `Beste,\n\nUw aanvraag voor de dataset ${dataset} is goedgekeurd (${scopes}).\n\nBekijk uw machtigingen: ${link}\n`,
  mailDeclined: (dataset: string, reason: string, link: string) =>
    `Beste,\n\nUw aanvraag voor de dataset ${dataset} is afgewezen.\n\nReden: ${reason}\n\nBekijk uw aanvragen: ${link}\n`,
} as const;

export const ACCESS_REQUEST_FIELD_ERRORS = {
  reasonMissing: 'Vul een reden in.',
  reasonTooLong: 'De reden mag maximaal 1000 tekens lang zijn.',
  alreadyGranted: 'Uw organisatie heeft deze categorieën al. Vraag alleen categorieën aan die u nog niet heeft.',
  ownDataset: 'Dit is een dataset van uw eigen organisatie.',
  declineReasonMissing: 'Vul een reden van afwijzing in.',
  notOpen: 'Deze aanvraag is al afgehandeld.',
  openAlready: 'Uw organisatie heeft al een open aanvraag voor deze dataset.',
} as const;
