import type { AppConfig } from '../config/config';
import { formatHostname, parseHostname } from '../datasources/hostname';
import { isRefusedPrivateHost, plainHttpAllowed } from '../hub/private-hosts';

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
 * ('licenties.example.nl', 'https://203.0.113.5:8443/api'). Returns the base URL the hub GETs
 * `/licences` under; null when invalid; 'private' for a private, loopback or link-local host
 * (literal, *.localhost, or by its DNS answers) that is not allow-listed (PRIVATE_HOSTS_ALLOWED);
 * 'insecure' for plain http to a host that is not. The same rules as data-source hosts; the
 * outbound client checks every connection again.
 */
export async function licenceServerUrl(
  value: string,
  rules: Pick<AppConfig, 'allowPrivateHosts' | 'privateHostsAllowed'>,
): Promise<string | 'private' | 'insecure' | null> {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  const parsed = parseHostname(url.port ? `${url.hostname}:${url.port}` : url.hostname);
  if (!parsed) return null;
  // Without a scheme, an allow-listed host (the demo's loopback server) is called like a data source: over http.
  const protocol = !hasScheme && plainHttpAllowed(rules, formatHostname(parsed)) ? 'http:' : url.protocol;
  const port = parsed.port ?? (protocol === 'http:' ? 80 : 443);
  if (await isRefusedPrivateHost(rules, { host: parsed.host, port })) return 'private';
  if (protocol === 'http:' && !plainHttpAllowed(rules, `${formatHostname({ host: parsed.host, port: null })}:${port}`)) return 'insecure';
  const path = url.pathname.replace(/\/+$/, '');
  return `${protocol}//${formatHostname(parsed)}${path}`;
}
