/** The Hub Protocol's default paths at a data source; each can be replaced by a path override. */
export const DEFAULT_PATTERNS = { host: '{host}', dataset: '/datasets/{DATASET_ID}', dataset_metadata: '/datasets/{DATASET_ID}/metadata' } as const;
export type PathKind = keyof typeof DEFAULT_PATTERNS;

/** Also the portal's 'dashboard' link; https unless private hosts are allowed (dev and tests). */
export function datasourceBaseUrl(hostname: string, hostPattern: string, allowPrivateHosts: boolean): string {
  const host = hostPattern.replaceAll('{host}', hostname).replace(/\/$/, '');
  if (/^https?:\/\//.test(host)) return host;
  return `${allowPrivateHosts ? 'http' : 'https'}://${host}`;
}

/** Raised when a built URL would leave the data source's host (a pattern stored before the rules, or a bug). */
export class ForeignOriginError extends Error {}

/** Checked after building: host and port must be the data source's own, without credentials, whatever the patterns say. */
export function datasourceUrl(base: string, hostname: string, pathPattern: string, datasetId: string): string {
  const url = new URL(base + pathPattern.replaceAll('{DATASET_ID}', encodeURIComponent(datasetId)));
  const expected = new URL(`${url.protocol}//${hostname}`);
  if (url.host !== expected.host || url.username || url.password || !pathPattern.startsWith('/'))
    throw new ForeignOriginError(`refused: ${url.host} is not the data source's host ${expected.host}`);
  return url.toString();
}

export function checkedBaseUrl(hostname: string, hostPattern: string, plainHttp: boolean): string {
  const base = datasourceBaseUrl(hostname, hostPattern, plainHttp);
  let url: URL;
  try {
    url = new URL(`${base}/`);
  } catch {
    throw new ForeignOriginError('refused: not a URL');
  }
  if (url.host !== new URL(`${url.protocol}//${hostname}`).host || url.username || url.password)
    throw new ForeignOriginError(`refused: ${url.host} is not the data source's host`);
  return base;
}
