/** The Hub Protocol's default paths at a data source; each can be replaced by a path override. */
export const DEFAULT_PATTERNS = { host: '{host}', dataset: '/datasets/{DATASET_ID}', dataset_metadata: '/datasets/{DATASET_ID}/metadata' } as const;
export type PathKind = keyof typeof DEFAULT_PATTERNS;

/**
 * The base URL the hub calls a data source at (also the 'dashboard' the portal links to):
 * the host pattern filled in, https unless private hosts are allowed (dev and tests), then http.
 */
export function datasourceBaseUrl(hostname: string, hostPattern: string, allowPrivateHosts: boolean): string {
  const host = hostPattern.replaceAll('{host}', hostname).replace(/\/$/, '');
  if (/^https?:\/\//.test(host)) return host;
  return `${allowPrivateHosts ? 'http' : 'https'}://${host}`;
}
