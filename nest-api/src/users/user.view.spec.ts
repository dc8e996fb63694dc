import { describe, expect, it } from 'vitest';
import type { Permission } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { currentUserJson, toCurrentUserView } from './user.view';

const permissions = new Set<Permission>(['User.Read', 'Dataset.Read'] as Permission[]);
const user: AuthenticatedUser = {
  id: '3accd618-b957-4b54-b3ce-cedacbfd4734',
  email: 'lid@kwekerij-delta.test',
  firstname: 'Lotte',
  lastname: 'Lid',
  organizationId: '2c887e8e-f322-400a-b144-88d89426b7b5',
  organizationName: 'Kwekerij Delta',
  organizationSlug: 'kwekerij-delta',
  organizationAdmin: false,
  roles: ['Member'],
  permissions,
  sessionId: 'a2b4c6d8-0000-4000-8000-000000000001',
  via: 'bearer',
};

describe('currentUserJson', () => {
  it('is the current user view as JSON, permissions sorted', () => {
    expect(JSON.parse(currentUserJson(user))).toEqual({ ...toCurrentUserView(user), permissions: ['Dataset.Read', 'User.Read'] });
  });

  it('never answers with a kept JSON that no longer describes the user asking', () => {
    currentUserJson(user);
    for (const change of [{ firstname: 'Anna' }, { email: 'anna@kwekerij-delta.test' }, { organizationName: 'Kwekerij Epsilon' }, { organizationAdmin: true }]) {
      const changed = { ...user, ...change };
      expect(JSON.parse(currentUserJson(changed))).toEqual(toCurrentUserView(changed));
    }
    expect(JSON.parse(currentUserJson(user))).toEqual(toCurrentUserView(user));
  });
});
