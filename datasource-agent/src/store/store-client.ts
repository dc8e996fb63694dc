/** SPARQL 1.1 Protocol (the dataset as `default-graph-uri`) and Graph Store HTTP Protocol; any store speaking both works, tests use Virtuoso. */
import { StoreAuth, type StoreCredentials } from './store-auth';

export interface StoreClientOptions {
  sparqlEndpoint: string;
  graphStore: string;
  credentials?: StoreCredentials;
}

export class StoreError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

async function failure(what: string, response: Response): Promise<StoreError> {
  const text = (await response.text().catch(() => '')).slice(0, 300).replace(/\s+/g, ' ').trim();
  return new StoreError(`${what}: the store answered ${response.status}${text ? ` (${text})` : ''}`, response.status);
}

export class StoreClient {
  private readonly auth: StoreAuth;

  constructor(private readonly options: StoreClientOptions) {
    this.auth = new StoreAuth(options.credentials);
  }

  private async request(method: string, url: URL, init: { body?: string; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const authorization = this.auth.header(method, url);
      const response = await fetch(url, {
        method,
        ...(init.body !== undefined ? { body: init.body } : {}),
        ...(init.signal ? { signal: init.signal } : {}),
        headers: { ...init.headers, ...(authorization ? { authorization } : {}) },
      });
      if (response.status !== 401 || attempt > 0 || !this.auth.accept(response.headers.get('www-authenticate'))) return response;
      await response.body?.cancel();
    }
  }

  /** Exactly `namedGraph` as the only named graph: without one, Virtuoso lets `GRAPH ?g` reach every graph it holds. */
  async query(text: string, graphs: readonly string[], namedGraph: string, accept: string, signal?: AbortSignal): Promise<Response> {
    const body = new URLSearchParams({ query: text });
    for (const graph of graphs) body.append('default-graph-uri', graph);
    body.append('named-graph-uri', namedGraph);
    const response = await this.request('POST', new URL(this.options.sparqlEndpoint), {
      body: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) throw await failure('query', response);
    return response;
  }

  private graphUrl(graph: string): URL {
    const url = new URL(this.options.graphStore);
    url.searchParams.set('graph', graph);
    return url;
  }

  async write(graph: string, ntriples: string, replace = false): Promise<void> {
    const response = await this.request(replace ? 'PUT' : 'POST', this.graphUrl(graph), {
      body: ntriples,
      headers: { 'content-type': 'application/n-triples' },
    });
    if (!response.ok) throw await failure(`writing graph ${graph}`, response);
    await response.body?.cancel();
  }

  async drop(graph: string): Promise<void> {
    const response = await this.request('DELETE', this.graphUrl(graph));
    if (!response.ok && response.status !== 404) throw await failure(`dropping graph ${graph}`, response);
    await response.body?.cancel();
  }

  async read(graph: string): Promise<Response | undefined> {
    const response = await this.request('GET', this.graphUrl(graph), { headers: { accept: 'application/n-triples' } });
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) throw await failure(`reading graph ${graph}`, response);
    return response;
  }
}
