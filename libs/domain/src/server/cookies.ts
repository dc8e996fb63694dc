/** The HttpOnly cookie that holds the access token (set by the portal, read by the API via the proxy). */
export const ACCESS_TOKEN_COOKIE = 'access_token';
