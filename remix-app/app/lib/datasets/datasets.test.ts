import { describe, expect, it } from 'vitest';
import type { CreatedDatasourceView } from '@datahub/api-client';
import { ONLINE } from '@datahub/domain';
import { credentialsDataUrl, credentialsFileName, isOnline, matchesDataset, matchesName } from './datasets';

describe('matchesDataset', () => {
  const dataset = { name: 'Oogstcijfers', about: 'Tomaten uit kas één', owner_organization_name: 'Kwekerij Delta' };
  it('finds name, description and owner, case and accents ignored', () => {
    expect(matchesDataset(dataset, 'OOGST')).toBe(true);
    expect(matchesDataset(dataset, 'kas een')).toBe(true);
    expect(matchesDataset(dataset, 'delta')).toBe(true);
    expect(matchesDataset(dataset, 'west')).toBe(false);
    expect(matchesDataset({ ...dataset, about: undefined }, ' ')).toBe(true);
  });
});

describe('matchesName', () => {
  it('matches a case-insensitive substring and everything for an empty query', () => {
    expect(matchesName('Kassencomplex Delta', 'DELTA')).toBe(true);
    expect(matchesName('Kassencomplex Delta', '  kas ')).toBe(true);
    expect(matchesName('Kassencomplex Delta', 'west')).toBe(false);
    expect(matchesName('', '')).toBe(true);
  });
});

describe('isOnline', () => {
  it('only knows online', () => {
    expect(isOnline({ status: ONLINE })).toBe(true);
    expect(isOnline({ status: 'offline' })).toBe(false);
  });
});

describe('credentials file', () => {
  const created: CreatedDatasourceView = {
    datasource_id: '0b0e6c3a-1111-4222-8333-944445555666',
    name: 'Kasdata & co',
    hostname: null,
    dashboard_url: null,
    owner_organization: 'org',
    owner_organization_name: 'Kwekerij Delta',
    owner_organization_logo_url: null,
    credentials: { datasource_id: '0b0e6c3a-1111-4222-8333-944445555666', secret: 's3cr#t/+=' },
    cloud_init_config: '#cloud-config\n',
    install_command: 'npm install --global --omit=dev https://hub.example/api/datasource-agent/package.tgz',
    start_command: 'datasource-agent --credentials datasource-credentials-0b0e6c3a-1111-4222-8333-944445555666.json --data datasets --hub https://hub.example --port 8080',
    executable_url: 'https://hub.example/api/datasource-agent/datahub-databron-linux-x64',
    executable_start_command: 'chmod +x datahub-databron-linux-x64 && ./datahub-databron-linux-x64 --credentials datasource-credentials-0b0e6c3a-1111-4222-8333-944445555666.json --data databron --hub https://hub.example --hub-connect --page-port 0',
    executable_first_start_command:
      'chmod +x datahub-databron-linux-x64 && DATAHUB_SLEUTEL=0b0e6c3a-1111-4222-8333-944445555666:c2VjcmV0LXZhbHVlLW9mLWF0LWxlYXN0LTMyLWJ5dGVzISE ./datahub-databron-linux-x64 --credentials datasource-credentials-0b0e6c3a-1111-4222-8333-944445555666.json --data databron --hub https://hub.example --hub-connect --page-port 0',
    status: 'pending',
    last_contact_at: null,
    status_changed_at: null,
    connected_via_hub: false,
  };

  it('is named after the data source', () => {
    expect(credentialsFileName(created.datasource_id)).toBe('datasource-credentials-0b0e6c3a-1111-4222-8333-944445555666.json');
  });

  it('holds the whole answer as a JSON data URL', () => {
    const url = credentialsDataUrl(created);
    expect(url.startsWith('data:application/json;charset=utf-8,')).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.slice(url.indexOf(',') + 1)))).toEqual(created);
  });
});
