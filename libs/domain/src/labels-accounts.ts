export const PASSWORD_RESET_TTL_MINUTES = 30;

export const ACCOUNT_DETAILS = {
  resetInvalid: 'password reset link invalid, used or expired',
  noPassword: 'this account signs in with an external provider and has no password',
} as const;

export const ACCOUNT_FIELD_ERRORS = {
  currentPassword: 'Dit is niet uw huidige wachtwoord.',
  samePassword: 'Kies een ander wachtwoord dan uw huidige.',
} as const;

export const ACCOUNT_LABELS = {
  forgotLink: 'Wachtwoord vergeten?',
  forgot: {
    title: 'Wachtwoord vergeten',
    intro: 'Vul het e-mailadres van uw account in. U krijgt een link waarmee u een nieuw wachtwoord kiest.',
    email: 'E-mailadres',
    submit: 'Link versturen',
    sent: (minutes: number) =>
      `Als er een account met dit e-mailadres bestaat, hebben wij er een link naartoe gestuurd. De link werkt één keer en ${minutes} minuten lang. Kijk ook in uw map met ongewenste e-mail.`,
    tooMany: 'U heeft te vaak een link aangevraagd. Wacht een kwartier en probeer het dan opnieuw.',
    backToLogin: 'Terug naar inloggen',
  },
  reset: {
    title: 'Nieuw wachtwoord kiezen',
    intro:
      'Kies een nieuw wachtwoord voor uw account. Daarna bent u overal uitgelogd, zijn uw persoonlijke API-tokens ingetrokken en logt u in met het nieuwe wachtwoord.',
    password: 'Nieuw wachtwoord',
    /** The address in full, not masked: whoever holds the link reads that mailbox already. */
    account: 'Account',
    submit: 'Wachtwoord opslaan',
    invalidTitle: 'Deze link werkt niet meer',
    invalid: 'De link is al gebruikt, verlopen of onjuist. Vraag een nieuwe link aan.',
    again: 'Nieuwe link aanvragen',
    done: 'Uw wachtwoord is gewijzigd. Log in met uw nieuwe wachtwoord.',
  },
  change: {
    title: 'Wachtwoord wijzigen',
    intro: 'U krijgt een e-mail wanneer uw wachtwoord is gewijzigd.',
    current: 'Huidig wachtwoord',
    next: 'Nieuw wachtwoord',
    submit: 'Wachtwoord wijzigen',
    done: 'Uw wachtwoord is gewijzigd. U bent op andere apparaten uitgelogd.',
    doneKept: 'Uw wachtwoord is gewijzigd. Andere sessies en uw API-tokens zijn blijven werken.',
    federated: 'U logt in via een externe dienst (Google, Microsoft of GitHub); uw account heeft hier geen wachtwoord.',
  },
  /** Of 'Wachtwoord wijzigen' and of turning on two-step sign-in: checked unless unticked. */
  endOthers: 'alle andere sessies en tokens beëindigen',
  endOthersHint: 'U wordt op andere apparaten en in andere browsers uitgelogd, en uw persoonlijke API-tokens worden ingetrokken. Deze sessie blijft.',
  keptForm: 'Uw sessie was verlopen. Wat u had ingevuld, staat weer in het formulier: controleer het en verstuur het opnieuw.',
  passwordChanged: 'Uw wachtwoord is gewijzigd. Log in met uw nieuwe wachtwoord.',
  passwordHint: 'Minstens 12 tekens. Een zin van een paar woorden is sterk en goed te onthouden.',
} as const;

/** Every session (a reset), the others, or none; and how many personal API tokens were revoked. */
export interface PasswordChangeEnded {
  sessions: 'all' | 'others' | 'none';
  tokens: number;
}

function endedText({ sessions, tokens }: PasswordChangeEnded): string {
  const where =
    sessions === 'all'
      ? 'U bent overal uitgelogd.'
      : sessions === 'others'
        ? 'U bent op alle andere apparaten uitgelogd.'
        : 'Op uw andere apparaten bent u ingelogd gebleven en uw persoonlijke API-tokens werken nog, zoals u koos.';
  if (tokens === 0) return where;
  const revoked = tokens === 1 ? 'Uw persoonlijke API-token is ingetrokken' : `Uw ${tokens} persoonlijke API-tokens zijn ingetrokken`;
  return `${where} ${revoked}: scripts en applicaties die ermee lezen, hebben geen toegang meer. Maak zo nodig een nieuwe aan op uw profielpagina.`;
}

export const ACCOUNT_MAILS = {
  reset: {
    subject: 'Nieuw wachtwoord kiezen voor Datahub Tuinbouw',
    text: (firstname: string, link: string, minutes: number) =>
      `Beste ${firstname},\n\nEr is gevraagd om een nieuw wachtwoord voor uw account op Datahub Tuinbouw. Open deze link om een nieuw wachtwoord te kiezen:\n${link}\n\n` +
      `De link werkt één keer en verloopt na ${minutes} minuten. Heeft u dit niet zelf gevraagd? Dan kunt u deze e-mail negeren; uw wachtwoord blijft dan hetzelfde.\n`,
  },
  noPassword: {
    subject: 'Inloggen op Datahub Tuinbouw',
    text: (firstname: string, loginLink: string) =>
      `Beste ${firstname},\n\nEr is gevraagd om een nieuw wachtwoord voor uw account op Datahub Tuinbouw. Uw account heeft geen wachtwoord: ` +
      `u logt in via Google, Microsoft of GitHub. Dat kan hier:\n${loginLink}\n\nHeeft u dit niet zelf gevraagd? Dan kunt u deze e-mail negeren.\n`,
  },
  changed: {
    subject: 'Uw wachtwoord voor Datahub Tuinbouw is gewijzigd',
    text: (firstname: string, forgotLink: string, ended: PasswordChangeEnded = { sessions: 'others', tokens: 0 }) =>
      `Beste ${firstname},\n\nHet wachtwoord van uw account op Datahub Tuinbouw is zojuist gewijzigd. ${endedText(ended)}\n\n` +
      `Heeft u dit niet zelf gedaan? Kies dan meteen een nieuw wachtwoord via:\n${forgotLink}\n`,
  },
} as const;
