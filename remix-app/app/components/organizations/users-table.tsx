import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { LIST_COLUMN_LABELS, ORGANIZATION_LABELS } from '@datahub/domain';
import { RowTable, fullOnNarrow, rowCellClass, rowClass } from '~/components/core/row-table';

const L = ORGANIZATION_LABELS.users;
const COL = LIST_COLUMN_LABELS;

export type UserRow = { id: string; name: string; email: string; isSelf?: boolean };

export function UsersTable<User extends UserRow>({ users, label, actions }: { users: User[]; label: string; actions?: (user: User) => ReactNode }) {
  return (
    <RowTable label={label} columns={[{ label: COL.name }, { label: COL.email }, { label: COL.actions, hidden: true }]}>
      {users.map((user) => (
        <tr key={user.id} className={rowClass} data-testid="user-row">
          <td className={`${rowCellClass} ${fullOnNarrow} font-medium text-stone-900`}>
            {user.name} {user.isSelf ? <span className="font-normal text-stone-500">{L.you}</span> : null}
          </td>
          <td className={`${rowCellClass} ${fullOnNarrow} text-stone-600`}>{user.email}</td>
          <td className={`${rowCellClass} ${fullOnNarrow}`}>
            <div className="flex flex-wrap gap-2 sm:flex-nowrap sm:justify-end sm:whitespace-nowrap">
              <Link
                to={`/gebruiker/${user.id}`}
                aria-label={L.viewUser(user.name)}
                className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-100"
              >
                {L.view}
              </Link>
              {actions?.(user)}
            </div>
          </td>
        </tr>
      ))}
    </RowTable>
  );
}
