import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AppConfig } from '../config/config';
import { hostPortKey, isLocalhostName, isPrivateAddress } from './outbound';

type HostRules = Pick<AppConfig, 'allowPrivateHosts' | 'privateHostsAllowed'>;
const DNS_TIMEOUT_MS = 2000;

/** The allow-list holds exact host:port entries; a hostname without a port is the https default. */
function isAllowListed(config: HostRules, parsed: { host: string; port: number | null }): boolean {
  return config.privateHostsAllowed.includes(hostPortKey(parsed.host, parsed.port ?? 443));
}

export function plainHttpAllowed(config: HostRules, hostname: string): boolean {
  if (config.allowPrivateHosts) return true;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostname);
  return !!match && config.privateHostsAllowed.includes(hostPortKey(match[1], match[2] ?? 443));
}

/** A private literal, *.localhost, or a name resolving to a private address is refused unless allow-listed; an unresolved name passes, as every connection checks again. */
export async function isRefusedPrivateHost(config: HostRules, parsed: { host: string; port: number | null }): Promise<boolean> {
  if (config.allowPrivateHosts || isAllowListed(config, parsed)) return false;
  if (isIP(parsed.host)) return isPrivateAddress(parsed.host);
  if (isLocalhostName(parsed.host)) return true;
  const answers = await Promise.race([
    lookup(parsed.host, { all: true, verbatim: true }).catch(() => []),
    new Promise<[]>((resolve) => setTimeout(() => resolve([]), DNS_TIMEOUT_MS).unref()),
  ]);
  return answers.some((answer) => isPrivateAddress(answer.address));
}
