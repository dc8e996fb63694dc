/** server.js already refused to start without it. */
export function csrfSecret(): string {
  const secret = process.env.CSRF_SECRET ?? '';
  if (secret.length < 32) {
    throw new Error('Set CSRF_SECRET to a random string of at least 32 characters (the same value as nest-api uses).');
  }
  return secret;
}

export function apiUrl(): string {
  return new URL(process.env.API_URL || 'http://127.0.0.1:3001').origin;
}
