import { describe, expect, it } from 'vitest';
import { welcomeKind } from './welcome.server';

describe('the welcome steps', () => {
  it('fit the rights: platform admins, those who may register a data source, everyone else', () => {
    expect(welcomeKind({ organization_admin: true }, ['Datasource.Create'])).toBe('admin');
    expect(welcomeKind({ organization_admin: false }, ['Datasource.Create', 'Dataset.Read'])).toBe('owner');
    expect(welcomeKind({ organization_admin: false }, ['Dataset.Read'])).toBe('member');
  });
});
