import { ReferenceAgent, type AgentDataset } from './agent';
import { expect } from './fixtures';
import { api, type ApiDataset } from './helpers';

/**
 * A dataset online at the hub, served by a real reference data source of the owner whose token is
 * given; `dispose` stops the source and deletes it (and so the dataset).
 */
export async function onlineDataset(ownerToken: string, dataset: AgentDataset): Promise<{ online: ApiDataset; dispose: () => Promise<void> }> {
  const created = await api(ownerToken, 'post', '/api/datasources', { body: { name: `E2E ${dataset.name}`, hostname: '' } });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const agent = await ReferenceAgent.prepare(created.data, [dataset]);
  const dispose = async () => {
    await agent.dispose();
    await api(ownerToken, 'delete', '/api/datasources/{id}', { params: { path: { id: created.data.datasource_id } } });
  };
  const find = async () => (await api(ownerToken, 'get', '/api/my-datasets')).data.find((row) => row.name === dataset.name);
  try {
    await agent.start();
    await expect.poll(async () => (await find())?.status, { timeout: 30_000 }).toBe('online');
    return { online: (await find())!, dispose };
  } catch (error) {
    // The caller never gets `dispose` when this throws: stop the process here, or it outlives the run.
    await dispose();
    throw error;
  }
}
