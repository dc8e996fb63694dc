import type { AppConfig } from '../config/config';
import { formatHostname, parseHostname } from '../datasources/hostname';
import { isRefusedPrivateHost, plainHttpAllowed } from '../hub/private-hosts';

export function httpLink(value: string): string | null {
  try {
    const url = new URL(value);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** The base URL for `/licences`, or null / 'private' / 'insecure' by the data-source host rules; the outbound client checks again. */
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
  // Without a scheme, an allow-listed host (the demo's loopback server) is called over http, like a data source.
  const protocol = !hasScheme && plainHttpAllowed(rules, formatHostname(parsed)) ? 'http:' : url.protocol;
  const port = parsed.port ?? (protocol === 'http:' ? 80 : 443);
  if (await isRefusedPrivateHost(rules, { host: parsed.host, port })) return 'private';
  if (protocol === 'http:' && !plainHttpAllowed(rules, `${formatHostname({ host: parsed.host, port: null })}:${port}`)) return 'insecure';
  const path = url.pathname.replace(/\/+$/, '');
  return `${protocol}//${formatHostname(parsed)}${path}`;
}
