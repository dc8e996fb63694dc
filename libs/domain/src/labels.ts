import { hasPermission } from './organization-access';
import type { Permission } from './permissions';
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

/** Without it the page only says 'onvoldoende rechten', so the menu leaves the entry out (`navLinksFor`). */
export const NAV_LINK_PERMISSIONS: Readonly<Partial<Record<(typeof NAV_LINKS)[number]['to'], Permission>>> = {
  '/databronnen': 'Datasource.Read',
  '/machtigingen': 'AuthorisationAssignment.Read',
};

export function navLinksFor(permissions: readonly string[]) {
  return NAV_LINKS.filter((link) => {
    const needed = NAV_LINK_PERMISSIONS[link.to];
    return !needed || hasPermission(permissions, needed);
  });
}

export const ORGANIZATION_ADMIN_NAV_LINKS = [{ to: '/mijn-applicaties', label: 'Mijn applicaties' }] as const;

export const PERMISSION_NAV_LINKS = [{ to: '/logboek', label: 'Logboek', permission: 'AuditLog.Read' }] as const;

export const ADMIN_NAV_GROUP = {
  label: 'Beheer',
  links: [
    { to: '/organisaties', label: 'Organisaties' },
    // Not 'Applicaties' and 'Datasets' again: the common entries above already carry those names.
    { to: '/beheer-applicaties', label: 'Applicaties beheren' },
    { to: '/beheer-datasets', label: 'Datasets beheren' },
    { to: '/beheer-inzicht', label: 'Inzicht' },
    { to: '/beheer-hulp', label: 'Hulpverzoeken' },
    { to: '/beheer-taken', label: 'Taken' },
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
  /** Its visible initials first (WCAG 2.5.3, axe label-content-name-mismatch). */
  profileLinkNamed: (initials: string) => `${initials}, naar uw profiel`,
  loading: 'Laden...',
  skipToContent: 'Direct naar de inhoud',
  mainNavigation: 'Hoofdmenu',
  builtBy: 'Gemaakt door',
  saving: 'Bezig met opslaan...',
  submitting: 'Bezig met versturen...',
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
    providersHeading: 'Of log in met',
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
    readOnlyHint: 'Uw e-mailadres en organisatie kunt u hier niet wijzigen.',
  },
  home: {
    title: 'Welkom',
    intro: 'Dit is uw startpagina van Datahub Tuinbouw.',
    organization: 'U bent lid van',
    personalOrganization: 'U heeft nog een persoonlijke organisatie.',
    profileDescription: 'Bekijk uw gegevens en wijzig uw naam.',
  },
  errorPage: {
    title: 'Er ging iets mis',
    notFoundTitle: 'Pagina niet gevonden',
    forbiddenTitle: 'Geen toegang',
    unknownPath: 'De pagina die u zocht bestaat niet. U ziet nu de startpagina.',
    forbidden: 'U heeft onvoldoende rechten om deze pagina te bekijken.',
    unavailable: 'De server is tijdelijk niet bereikbaar. Probeer het over een paar minuten opnieuw.',
    notAForm: 'Deze pagina neemt alleen formulieren aan, en dit verzoek kon niet als formulier worden gelezen. Vul het formulier opnieuw in op de pagina zelf.',
    backHome: 'Naar de startpagina',
    /** At the address typed (ADR 0040). */
    unknownPathIntro: 'Dit adres bestaat niet op de Datahub. Misschien is het verkeerd getypt, of is de pagina verplaatst.',
    unknownPathAddress: 'Gevraagd adres',
    backToSignIn: 'Naar inloggen',
  },
} as const;
