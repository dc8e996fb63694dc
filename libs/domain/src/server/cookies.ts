/** HttpOnly; set by the portal, read by the API via the proxy. */
export const ACCESS_TOKEN_COOKIE = 'access_token';

/** A keyed hash of who was signed in (sessionOwnerHint); outlives the access token by a week so an ended session is told from a first visit. */
export const SESSION_SEEN_COOKIE = 'sessie';
export const SESSION_SEEN_EXTRA_SECONDS = 7 * 24 * 60 * 60;

/** The second step's token (ADR 0032), HttpOnly for five minutes; set by the portal after a right password, or by nest-api after a provider sign-in. */
export const TWO_FACTOR_CHALLENGE_COOKIE = 'dh_tweede_stap';
