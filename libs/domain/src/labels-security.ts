export const SIGNUP_VERIFICATION_TTL_HOURS = 24;

export const SIGNUP_VERIFICATION_LABELS = {
  sentTitle: 'Controleer uw e-mail',
  sent: (email: string) =>
    `We hebben een bevestigingslink gestuurd naar ${email}. Open de link in die e-mail om uw account te activeren. ` +
    `De link werkt één keer en is ${SIGNUP_VERIFICATION_TTL_HOURS} uur geldig.`,
  notReceived: 'Geen e-mail ontvangen? Kijk ook bij de ongewenste e-mail, of vraag een nieuwe link aan.',
  resend: 'Stuur de link opnieuw',
  resent: 'Als er voor dit adres een aanmelding openstaat, is er een nieuwe link verstuurd. Oudere links werken niet meer.',
  tooManyResends: 'U heeft al een paar keer een nieuwe link aangevraagd. Wacht even en probeer het dan opnieuw.',
  confirmTitle: 'E-mailadres bevestigen',
  confirmIntro: 'Bevestig uw e-mailadres om uw account te activeren.',
  /** Said before activating: the organisation that claimed the address's domain. */
  joins: (organization: string) =>
    `Uw e-mailadres valt onder het e-maildomein van ${organization}. Na het activeren bent u lid van ${organization}, met leesrechten. Hoort u daar niet bij? Activeer dan niet en neem contact op met de organisatie.`,
  ownOrganization: 'Na het activeren krijgt u een eigen organisatie, die u daarna een naam kunt geven.',
  confirm: 'Account activeren',
  confirming: 'Bezig met activeren...',
  invalidTitle: 'Deze link werkt niet meer',
  invalid:
    'Deze bevestigingslink is al gebruikt, vervangen door een nieuwere of verlopen. Registreer opnieuw of log in als uw account al actief is.',
  toSignup: 'Opnieuw registreren',
  confirmed: 'Uw e-mailadres is bevestigd en uw account is actief. Welkom bij Datahub Tuinbouw!',
} as const;

export const SIGNUP_MAILS = {
  verify: {
    subject: 'Bevestig uw e-mailadres voor Datahub Tuinbouw',
    text: (firstname: string, link: string) =>
      `Beste ${firstname},\n\nU heeft een account aangevraagd op Datahub Tuinbouw. Open deze link om uw e-mailadres te bevestigen en uw account te activeren:\n${link}\n\n` +
      `De link werkt één keer en verloopt na ${SIGNUP_VERIFICATION_TTL_HOURS} uur. Heeft u niets aangevraagd? Dan kunt u deze e-mail negeren.\n`,
  },
  alreadyRegistered: {
    subject: 'U heeft al een account op Datahub Tuinbouw',
    text: (loginLink: string) =>
      `Beste,\n\nEr is geprobeerd een nieuw account aan te maken met dit e-mailadres, maar u heeft al een account op Datahub Tuinbouw. ` +
      `Er is niets veranderd. U kunt inloggen via:\n${loginLink}\n\nHeeft u dit niet zelf gedaan? Dan kunt u deze e-mail negeren.\n`,
  },
} as const;

/** Dutch: users and API clients read them as they are. */
export const BAD_INPUT_DETAILS = {
  tooLarge: 'Het verzoek is te groot.',
  tooDeep: 'Het verzoek is te diep genest.',
  badJson: 'Het verzoek bevat geen geldige JSON.',
  notAnObject: 'Het verzoek moet een JSON-object zijn.',
  contentType: 'Dit soort inhoud wordt hier niet geaccepteerd; stuur JSON.',
  controlCharacters: 'Het verzoek bevat ongeldige tekens.',
  badRequest: 'Het verzoek is ongeldig.',
  methodNotAllowed: 'Deze methode is hier niet toegestaan.',
  uriTooLong: 'Het adres is te lang.',
  headersTooLarge: 'De headers van het verzoek zijn te groot.',
  tooManyRequests: 'Te veel verzoeken. Probeer het later opnieuw.',
  crossSite: 'Dit verzoek komt van een andere website en is geweigerd.',
} as const;

export const BAD_INPUT_DETAIL_VALUES: readonly string[] = Object.values(BAD_INPUT_DETAILS);
