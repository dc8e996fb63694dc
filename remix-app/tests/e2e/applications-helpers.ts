import { randomUUID } from 'node:crypto';
import type { ApplicationDto, ApplicationView } from '@datahub/api-client';
import { expect } from './fixtures';
import { api, apiLogin } from './helpers';
import { DEMO_USERS } from './settings';
import * as domain from '@datahub/domain';

export { domain };

export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

export async function organizationId(slug: string): Promise<string> {
  const token = await apiLogin(DEMO_USERS.admin);
  const organization = await api(token, 'get', '/api/organizations/{slug}', { params: { path: { slug } } });
  expect(organization.status).toBe(200);
  return organization.data.organization_id;
}

/** An application created straight through nest-api by the platform admin (test setup). */
export async function createApplication(fields: Partial<ApplicationDto> & { owner_organization: string; name: string }): Promise<ApplicationView> {
  const token = await apiLogin(DEMO_USERS.admin);
  const created = await api(token, 'post', '/api/applications', {
    body: { about: `Over ${fields.name}.`, usage: `${fields.name} doet dit.`, url: 'https://applicatie.example.nl/', ...fields },
  });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  return created.data;
}
