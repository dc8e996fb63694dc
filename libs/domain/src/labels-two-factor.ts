/** Two-step sign-in (ADR 0032). */

export const RECOVERY_CODE_COUNT = 10;
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** Then the password must be given again. */
export const TWO_FACTOR_CHALLENGE_TRIES = 5;

export const SECOND_STEP = { param: 'stap', code: 'code', recovery: 'herstelcode' } as const;

export const TWO_FACTOR_DETAILS = {
  invalidCode: 'invalid two-factor code',
  challengeInvalid: 'two-factor sign-in step invalid or expired',
  alreadyEnabled: 'two-factor sign-in is already on',
  notEnabled: 'two-factor sign-in is off',
  noEnrolment: 'no two-factor enrolment in progress',
  noPassword: 'this account signs in with an external provider; the provider asks for the second step',
  enrolmentRequired: 'platform admins must turn on two-factor sign-in first',
} as const;

export const TWO_FACTOR_FIELD_ERRORS = {
  invalidCode: 'Deze code klopt niet of is al gebruikt. Probeer de volgende code uit uw app.',
  invalidRecoveryCode: 'Deze herstelcode klopt niet of is al gebruikt.',
} as const;

export const TWO_FACTOR_LABELS = {
  title: 'Tweestapsverificatie',
  intro:
    'Met tweestapsverificatie vraagt Datahub Tuinbouw bij het inloggen, na uw wachtwoord, ook een code uit een authenticator-app op uw telefoon (bijvoorbeeld Google Authenticator, Microsoft Authenticator of FreeOTP).',
  off: 'Tweestapsverificatie staat uit.',
  on: 'Tweestapsverificatie staat aan.',
  recoveryLeft: (count: number) => (count === 1 ? 'U heeft nog 1 ongebruikte herstelcode.' : `U heeft nog ${count} ongebruikte herstelcodes.`),
  federated: 'U logt in via een externe dienst (Google, Microsoft of GitHub). Tweestapsverificatie stelt u daar in.',
  start: 'Tweestapsverificatie instellen',
  enrolHeading: 'Koppel uw authenticator-app',
  enrolSteps: [
    'Open uw authenticator-app en kies voor een nieuw account.',
    'Scan de QR-code, of typ de sleutel hieronder over.',
    'Vul de code van 6 cijfers in die de app toont.',
  ],
  qrAlt: 'QR-code om Datahub Tuinbouw aan uw authenticator-app toe te voegen',
  secret: 'Sleutel om over te typen',
  code: 'Code uit de app',
  codeHint: '6 cijfers; de code verandert elke 30 seconden.',
  confirm: 'Code controleren en inschakelen',
  cancel: 'Annuleren',
  enabled: 'Tweestapsverificatie staat nu aan.',
  recoveryHeading: 'Uw herstelcodes',
  recoveryIntro:
    'Kwijt u uw telefoon, dan logt u in met een van deze codes. Elke code werkt één keer. Ze worden maar één keer getoond: download of print ze nu en bewaar ze op een veilige plek.',
  recoveryDownload: 'Herstelcodes downloaden (.txt)',
  recoveryFileName: 'datahub-tuinbouw-herstelcodes.txt',
  recoveryPrint: 'Tip: u kunt deze pagina ook printen (Ctrl+P).',
  disableHeading: 'Tweestapsverificatie uitschakelen',
  disableIntro: 'Vul een code uit uw app in, of een ongebruikte herstelcode. U krijgt hierover een e-mail.',
  disableCode: 'Code uit de app of herstelcode',
  disable: 'Uitschakelen',
  disabled: 'Tweestapsverificatie staat nu uit.',
  continue: 'Verder naar Datahub Tuinbouw',
  required:
    'Als beheerder van het platform logt u in met tweestapsverificatie. Stel die nu in; daarna kunt u verder.',
  login: {
    title: 'Inloggen: tweede stap',
    intro: 'Voer de code uit uw authenticator-app in.',
    code: 'Code uit de app',
    recoveryIntro: 'Voer een van uw herstelcodes in. Elke herstelcode werkt één keer.',
    recovery: 'Herstelcode',
    useRecovery: 'Geen toegang tot uw app? Gebruik een herstelcode',
    useApp: 'Toch een code uit de app gebruiken',
    submit: 'Inloggen',
    restart: 'Opnieuw inloggen',
    expired: 'De tweede stap duurde te lang of is al gebruikt. Log opnieuw in met uw e-mailadres en wachtwoord.',
  },
} as const;

export const TWO_FACTOR_MAILS = {
  disabled: {
    subject: 'Tweestapsverificatie voor Datahub Tuinbouw staat uit',
    text: (firstname: string, forgotLink: string) =>
      `Beste ${firstname},\n\nTweestapsverificatie voor uw account op Datahub Tuinbouw is zojuist uitgeschakeld. Bij het inloggen is nu alleen uw wachtwoord nodig.\n\n` +
      `Heeft u dit niet zelf gedaan? Kies dan meteen een nieuw wachtwoord via:\n${forgotLink}\nen schakel tweestapsverificatie daarna weer in op uw profielpagina.\n`,
  },
} as const;

export function twoFactorErrorText(detail: string | undefined, fallback: string): string {
  switch (detail) {
    case TWO_FACTOR_DETAILS.invalidCode:
      return TWO_FACTOR_FIELD_ERRORS.invalidCode;
    case TWO_FACTOR_DETAILS.challengeInvalid:
      return TWO_FACTOR_LABELS.login.expired;
    default:
      return fallback;
  }
}
