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
export function licenceServerUrl(value: string, allowPrivateHosts: boolean): string | 'private' | 'insecure' | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `${allowPrivateHosts ? 'http' : 'https'}://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
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
