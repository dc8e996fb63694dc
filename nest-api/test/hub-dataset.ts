import type { ChildProcess } from 'node:child_process';
import { EDGE_CASES_TTL } from '../../libs/sparql/src/testing/fixtures';
import { readFixtureTurtle } from 'datasource-agent/src/testing/fixtures';
import { startTestApi, type ApiResponse, type TestApi, type TestUser } from './harness';
import { agentPort, startReferenceAgent } from './reference-agent';

export interface HubWithDataset {
  api: TestApi;
  /** The dataset the real reference data source serves, online at the hub. */
  datasetId: string;
  turtle: string;
  /** The data source's data folder (kas.ttl, datasets.yaml): rewrite it to change the dataset. */
  dataDir: string;
  /** The data source's process. */
  agent: ChildProcess;
  owner: { organization: { id: string; slug: string }; user: TestUser };
  /** Grants `scopes` on the dataset to `organization` (as its owner), valid through `expiration` (YYYY-MM-DD) when given. */
  grant: (scopes: string[], organization: { id: string }, expiration?: string) => Promise<void>;
  /** A SPARQL query through the API as `user`. */
  ask: (user: TestUser, query: string) => Promise<ApiResponse>;
  close: () => Promise<void>;
}

/**
 * The real API (with `env`) and the real reference data source serving the fixture (plus its edge
 * cases) as one dataset of the organisation 'Kwekerij Delta', online at the hub.
 */
export async function startHubWithDataset(env: Record<string, string>): Promise<HubWithDataset> {
  const at = await agentPort();
  const api = await startTestApi({ ...at.env, ...env });
  const organization = await api.createOrganization({ name: 'Kwekerij Delta' });
  const user = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
  const turtle = readFixtureTurtle() + '\n' + EDGE_CASES_TTL;
  const source = await startReferenceAgent(api, user.token, turtle, { port: at.port, name: 'Kasbron', datasetName: 'Kas Delta' });
  const id = source.datasetId;
  return {
    api,
    datasetId: id,
    turtle,
    dataDir: source.dataDir,
    agent: source.process,
    owner: { organization, user },
    async grant(scopes, assignee, expiration) {
      const response = await api.request(`/api/datasets/${id}/authorisations`, {
        method: 'POST',
        token: user.token,
        json: { dataset: id, authorisations: scopes, assignee_organization: assignee.id, ...(expiration ? { expiration_date: expiration } : {}) },
      });
      if (response.status !== 201) throw new Error(`granting answered ${response.status}`);
    },
    ask: (asker, query) => api.request(`/api/datasets/${id}/data?sparql_query=${encodeURIComponent(query)}`, { token: asker.token }),
    async close() {
      await source.stop();
      await api.close();
    },
  };
}
