/** The HttpOnly cookie that holds the access token (set by the portal, read by the API via the proxy). */
export const ACCESS_TOKEN_COOKIE = 'access_token';

/**
 * Says that this browser was signed in, and by whom as a keyed hash (sessionOwnerHint, no secret
 * or name in it): it outlives the access token by a week,
 * so a request after the token's cookie has gone still tells an ended session from a first
 * visit ('Uw sessie is verlopen. Log opnieuw in.'). Logging out clears it.
 */
export const SESSION_SEEN_COOKIE = 'sessie';
/** Seconds the session-seen cookie outlives the access token. */
export const SESSION_SEEN_EXTRA_SECONDS = 7 * 24 * 60 * 60;

/**
 * The token of a sign-in's second step (ADR 0032), HttpOnly for its five minutes: set by the portal
 * after a right password, and by nest-api after a provider sign-in of an account with two-step sign-in.
 */
export const TWO_FACTOR_CHALLENGE_COOKIE = 'dh_tweede_stap';
