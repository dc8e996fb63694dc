/** Raised at boot when the environment is incomplete; the message says what to set. */
export class ConfigError extends Error {}

/** @param {Record<string, string | undefined>} env */
export function readServerEnv(env) {
  const csrfSecret = env.CSRF_SECRET ?? '';
  if (csrfSecret.length < 32) {
    throw new ConfigError(
      'Set CSRF_SECRET to a random string of at least 32 characters (the same value as nest-api uses), for example: openssl rand -base64 48.',
    );
  }
  const portText = env.PORT || '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`Set PORT to a port number between 0 and 65535 (it is '${portText}').`);
  }
  const apiUrl = env.API_URL || 'http://127.0.0.1:3001';
  let parsed;
  try {
    parsed = new URL(apiUrl);
  } catch {
    throw new ConfigError(`Set API_URL to nest-api's address, such as http://127.0.0.1:3001 (it is '${apiUrl}').`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`Set API_URL to an http(s) address, such as http://127.0.0.1:3001 (it is '${apiUrl}').`);
  }
  const pageCacheText = env.PAGE_CACHE_MB ?? '32';
  const pageCacheMb = Number(pageCacheText);
  if (pageCacheText.trim() === '' || !Number.isFinite(pageCacheMb) || pageCacheMb < 0) {
    throw new ConfigError(`Set PAGE_CACHE_MB to the megabytes of rendered pages each portal worker may keep, such as 32 (0: none; it is '${pageCacheText}').`);
  }
  return {
    port,
    host: env.HOST || undefined,
    apiUrl: parsed.origin,
    csrfSecret,
    trustProxy: env.TRUST_PROXY || 'loopback',
  };
}
