/** Machines and the portal both show it, so it is Dutch as it stands; `Retry-After` says when the window ends. */
export const SIGN_IN_LIMIT_DETAILS = {
  accountCapped:
    'Er is te vaak een verkeerd wachtwoord of een verkeerde code voor dit account ingevoerd. Om het account te beschermen kan er even niet mee worden ingelogd; probeer het later opnieuw.',
} as const;

export const SIGN_IN_LIMIT_MAILS = {
  capped: {
    subject: 'Veel mislukte inlogpogingen op uw account bij Datahub Tuinbouw',
    text: (firstname: string, what: 'password' | 'code', minutes: number, forgotLink: string) =>
      `Beste ${firstname},\n\nOp uw account bij Datahub Tuinbouw is de afgelopen tijd te vaak ${
        what === 'code' ? 'een verkeerde code voor de tweede stap' : 'een verkeerd wachtwoord'
      } ingevoerd. Om uw account te beschermen kan er tot ${minutes} minuten na de eerste mislukte poging niet mee worden ingelogd.\n\n` +
      (what === 'code'
        ? `De tweede stap wordt pas gevraagd na het juiste wachtwoord. Was u dit niet zelf? Dan kent iemand anders uw wachtwoord: kies meteen een nieuw wachtwoord via:\n${forgotLink}\n`
        : `Was u dit niet zelf? Dan probeert iemand uw wachtwoord te raden. Kies een sterk wachtwoord dat u nergens anders gebruikt, bijvoorbeeld via:\n${forgotLink}\nen zet tweestapsverificatie aan op uw profielpagina.\n`),
  },
} as const;
