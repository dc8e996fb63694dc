import { isIP } from 'node:net';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** 'data.kwekerij.nl', '10.0.0.5:8080', '[::1]:80'. */
export function parseHostname(value: string): { host: string; port: number | null } | null {
  const input = value.trim().toLowerCase();
  if (!input || input.length > 260) return null;
  let host = input;
  let port: number | null = null;
  const bracketed = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/.exec(input);
  if (bracketed) {
    host = bracketed[1];
    port = bracketed[2] ? Number(bracketed[2]) : null;
    if (isIP(host) !== 6) return null;
  } else if (isIP(input) === 6) {
    return { host: input, port: null };
  } else {
    const match = /^([^:]+)(?::(\d{1,5}))?$/.exec(input);
    if (!match) return null;
    host = match[1];
    port = match[2] ? Number(match[2]) : null;
    if (!isIP(host)) {
      const labels = host.replace(/\.$/, '').split('.');
      if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !/^[a-z]{2,63}$/.test(labels[labels.length - 1])) return null;
      host = labels.join('.');
    }
  }
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { host, port };
}

export function formatHostname(parsed: { host: string; port: number | null }): string {
  const host = isIP(parsed.host) === 6 ? `[${parsed.host}]` : parsed.host;
  return parsed.port ? `${host}:${parsed.port}` : host;
}

export type HostnameProblem = 'scheme' | 'userinfo' | 'characters' | 'incomplete' | 'port';

/** 'https://data.kwekerij.nl:8443/sparql?x' becomes 'data.kwekerij.nl:8443'; what cannot be understood says why. */
export function readAddress(value: string): { host: string; port: number | null } | { problem: HostnameProblem } {
  let input = value.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(input);
  if (scheme) {
    if (!/^https?$/i.test(scheme[1])) return { problem: 'scheme' };
    input = input.slice(scheme[0].length);
  }
  input = input.replace(/[/?#].*$/s, '');
  if (input.includes('@')) return { problem: 'userinfo' };
  const parsed = parseHostname(input);
  if (parsed) return parsed;
  const port = /:(\d+)$/.exec(input);
  if (port && !input.startsWith('[') && (Number(port[1]) < 1 || Number(port[1]) > 65535)) return { problem: 'port' };
  if (!/^[a-z0-9.:[\]-]+$/i.test(input)) return { problem: 'characters' };
  return { problem: 'incomplete' };
}
