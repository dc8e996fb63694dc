import type { DatasourceCredentials } from './credentials';
import { signDatasourceToken } from './tokens';

export class HubError extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

interface HubDataset {
  dataset_id: string;
  [key: string]: unknown;
}

interface HubClientOptions {
  hubUrl: string;
  credentials: Pick<DatasourceCredentials, 'datasourceId' | 'secret'>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class HubClient {
  private readonly base: URL;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: HubClientOptions) {
    this.base = new URL(options.hubUrl.endsWith('/') ? options.hubUrl : `${options.hubUrl}/`);
    this.fetcher = options.fetch ?? fetch;
  }

  get hubUrl(): string {
    return this.base.toString();
  }

  /** Only for data sources created without a host. */
  async registerHost(hostname: string): Promise<void> {
    await this.request('POST', 'api/datasource-protocol/host', { hostname });
  }

  async registerDataset(datasetId: string | undefined, fileFormat = '.ttl'): Promise<string> {
    const body = await this.request('POST', 'api/datasource-protocol/datasets', {
      ...(datasetId ? { dataset_id: datasetId } : {}),
      file_format: fileFormat,
    });
    const id = (body as { dataset_id?: unknown } | undefined)?.dataset_id;
    if (typeof id === 'string' && id !== '') return id;
    if (datasetId) return datasetId;
    throw new HubError(undefined, 'the hub did not answer with a dataset_id');
  }

  async listDatasets(): Promise<HubDataset[]> {
    const body = await this.request('GET', 'api/datasource-protocol/datasets');
    const list = Array.isArray(body) ? body : (body as { datasets?: unknown; items?: unknown } | undefined)?.datasets ?? (body as { items?: unknown })?.items;
    if (!Array.isArray(list)) throw new HubError(undefined, 'unexpected answer to GET /api/datasource-protocol/datasets');
    return list
      .map((item) => {
        const record = (item ?? {}) as Record<string, unknown>;
        const id = record.dataset_id ?? record.id;
        return typeof id === 'string' ? { ...record, dataset_id: id } : undefined;
      })
      .filter((item): item is HubDataset => item !== undefined);
  }

  /** A 404 counts as done. */
  async deleteDataset(datasetId: string): Promise<void> {
    try {
      await this.request('DELETE', `api/datasource-protocol/datasets/${encodeURIComponent(datasetId)}`);
    } catch (error) {
      if (error instanceof HubError && error.status === 404) return;
      throw error;
    }
  }

  token(now = Date.now()): string {
    return signDatasourceToken(this.options.credentials.datasourceId, this.options.credentials.secret, { now });
  }

  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const url = new URL(path, this.base);
    let response: Response;
    try {
      response = await this.fetcher(url, {
        method,
        headers: {
          authorization: `Bearer ${this.token()}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
        redirect: 'error',
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new HubError(undefined, `${method} ${url.pathname} failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new HubError(response.status, `${method} ${url.pathname} answered ${response.status}: ${text.slice(0, 200)}`);
    }
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
}
