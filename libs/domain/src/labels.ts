/** Dutch labels of the portal shell and pages (texts quoted by the spec are verbatim). */
export const NAV_LINKS = [
  { to: '/applicaties', label: 'Applicaties' },
  { to: '/datasets', label: 'Datasets' },
  { to: '/profiel', label: 'Profiel' },
  { to: '/mijn-organisatie', label: 'Mijn organisatie' },
  { to: '/mijn-gebruikers', label: 'Mijn gebruikers' },
  { to: '/databronnen', label: 'Databronnen' },
  { to: '/mijn-datasets', label: 'Mijn datasets' },
  { to: '/machtigingen', label: 'Machtigingen' },
] as const;

export const ORGANIZATION_ADMIN_NAV_LINKS = [{ to: '/mijn-applicaties', label: 'Mijn applicaties' }] as const;

export const ADMIN_NAV_GROUP = {
  label: 'Beheer',
  links: [
    { to: '/organisaties', label: 'Organisaties' },
    { to: '/beheer-applicaties', label: 'Applicaties' },
    { to: '/beheer-datasets', label: 'Datasets' },
  ],
} as const;

export const LABELS = {
  productName: 'Datahub Tuinbouw',
  builderName: 'Datahub Tuinbouw-team',
  builderUrl: 'https://github.com/',
  logout: 'Uitloggen',
  menu: 'Menu',
  closeMenu: 'Menu sluiten',
  profileLink: 'Naar uw profiel',
  loading: 'Laden...',
  login: {
    title: 'Inloggen',
    intro: 'Log in om verder te gaan naar Datahub Tuinbouw.',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    submit: 'Inloggen',
    or: 'of',
    google: 'Inloggen met Google',
    microsoft: 'Inloggen met Microsoft',
    github: 'Inloggen met GitHub',
    noAccount: 'Nog geen account?',
    signupLink: 'Registreren',
    loggedOut: 'U bent uitgelogd.',
  },
  signup: {
    title: 'Registreren',
    intro: 'Maak een account aan voor Datahub Tuinbouw.',
    firstname: 'Voornaam',
    lastname: 'Achternaam',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    passwordHint: 'Minstens 12 tekens.',
    submit: 'Account aanmaken',
    haveAccount: 'Heeft u al een account?',
    loginLink: 'Inloggen',
  },
  profile: {
    title: 'Profiel',
    firstname: 'Voornaam',
    lastname: 'Achternaam',
    email: 'E-mailadres',
    organization: 'Organisatie',
    save: 'Opslaan',
    saved: 'Gegevens opgeslagen',
  },
  home: {
    title: 'Welkom',
  },
} as const;
