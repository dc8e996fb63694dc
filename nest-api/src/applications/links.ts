import type { AppConfig } from '../config/config';
import { plainHttpAllowed } from '../hub/private-hosts';
import { isIP } from 'node:net';
import { formatHostname, parseHostname } from '../datasources/hostname';
import { isPrivateAddress } from '../hub/outbound';

/** An absolute http(s) link, as typed (trimmed); null when it is not one. */
export function httpLink(value: string): string | null {
  try {
    const url = new URL(value);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * A licence server: an FQDN or IP address, optionally with scheme, port and path
 * ('licenties.example.nl', 'https://10.0.0.5:8443/api'). Returns the base URL the hub GETs
 * `/licences` under, 'insecure' for plain http and 'private' for a literal non-public address while private hosts are not
 * allowed (the outbound client refuses names that resolve to one), or null when invalid.
 */
export function licenceServerUrl(
  value: string,
  rules: Pick<AppConfig, 'allowPrivateHosts' | 'privateHostsAllowed'>,
): string | 'private' | 'insecure' | null {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return null;
  }
  // Tests (ALLOW_PRIVATE_HOSTS) and allow-listed host:port entries (the demo's) may be private and plain http.
  const allowPrivateHosts = plainHttpAllowed(rules, url.port ? `${url.hostname}:${url.port}` : url.hostname);
  if (!hasScheme && allowPrivateHosts) url.protocol = 'http:';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  const parsed = parseHostname(url.port ? `${url.hostname}:${url.port}` : url.hostname);
  if (!parsed) return null;
  const literal = parsed.host;
  if (isIP(literal) && !allowPrivateHosts && isPrivateAddress(literal)) return 'private';
  if (url.protocol === 'http:' && !allowPrivateHosts) return 'insecure';
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${formatHostname(parsed)}${path}`;
}
