import type { Page } from '@playwright/test';
import { SPARQL_LABELS } from '@datahub/domain';
import { ReferenceAgent, type AgentDataset } from './agent';
import { expect } from './fixtures';
import { api, apiLogin, type ApiCreatedDatasource, type ApiDataset } from './helpers';
import { DEMO_USERS } from './settings';

const S = SPARQL_LABELS;

/** A data source of Kwekerij Delta (a real reference agent) serving `dataset`, waited for until online. */
export interface OnlineDataset {
  online: ApiDataset;
  ownerToken: string;
  source: ApiCreatedDatasource;
  dispose: () => Promise<void>;
}

export async function startOnlineDataset(sourceName: string, dataset: AgentDataset): Promise<OnlineDataset> {
  const ownerToken = await apiLogin(DEMO_USERS.owner);
  const created = await api(ownerToken, 'post', '/api/datasources', { body: { name: sourceName, hostname: '' } });
  expect(created.status).toBe(201);
  const source = created.data;
  const agent = await ReferenceAgent.prepare(source, [dataset]);
  const dispose = async () => {
    await agent.dispose();
    await api(ownerToken, 'delete', '/api/datasources/{id}', { params: { path: { id: source.datasource_id } } });
  };
  try {
    await agent.start();
    await expect
      .poll(async () => (await api(ownerToken, 'get', '/api/my-datasets')).data.find((row) => row.name === dataset.name)?.status, { timeout: 30_000 })
      .toBe('online');
  } catch (error) {
    // The caller never gets `dispose` when this throws: stop the process here, or it outlives the run.
    await dispose();
    throw error;
  }
  const online = (await api(ownerToken, 'get', '/api/my-datasets')).data.find((row) => row.name === dataset.name)!;
  return { online, ownerToken, source, dispose };
}

/** The query field: the editor with JavaScript, the textarea without (the hidden textarea is no textbox). */
export function queryField(page: Page) {
  return page.getByRole('textbox', { name: S.inputLabel, exact: true });
}

/** Replaces the text in the query field (typed into the editor with JavaScript, filled in without). */
export async function typeQuery(page: Page, javaScriptEnabled: boolean, query: string) {
  if (javaScriptEnabled) {
    await expect(page.getByTestId('sparql-editor').locator('.cm-content')).toBeVisible();
    await queryField(page).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(query);
  } else {
    await queryField(page).fill(query);
  }
}

/** Types the query and presses 'Opvragen'. */
export async function runQuery(page: Page, javaScriptEnabled: boolean, query: string) {
  await typeQuery(page, javaScriptEnabled, query);
  await page.getByRole('button', { name: S.submit, exact: true }).click();
}
