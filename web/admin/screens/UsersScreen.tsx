import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { $user } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { ListTable, Screen, Toolbar } from '../components/Screen.tsx';
import { includesText, useClientTable, useList } from '../hooks/useList.ts';
import type { UserRow } from '../types.ts';
import { formatPhone } from '../../../rules/phone.ts';
import { useMay } from '../hooks/usePermissions.ts';

/** u_type "0" is an administrator, anything else a shopper (§6). */
export function roleLabel(u_type: string | number | null | undefined): 'Admin' | 'User' {
  return String(u_type) === '0' ? 'Admin' : 'User';
}

/** The phone as the shop shows it everywhere: '+91 98765 43210'. */
function phoneOf(user: UserRow): string {
  return formatPhone(user.phoneNumber, user.countryCode);
}

/**
 * User Management (§2): search by full name or phone (back to page 1), 10 per
 * page, User, Phone, Role, delete with the browser's confirmation (only for
 * those holding customers.manage).
 */
export function UsersScreen() {
  const me = useStore($user);
  const { items, setItems, ...list } = useList<UserRow>(() => api.get('/getallusers'), null);
  const table = useClientTable(items, (user, q) => includesText(user.full_name, q) || includesText(user.phoneNumber, q) || includesText(phoneOf(user), q));
  const [deleting, setDeleting] = useState<number | null>(null);
  const mayDelete = useMay('customers.manage') === true;

  const remove = async (user: UserRow) => {
    if (!window.confirm('Are you sure you want to delete this user?')) return;
    setDeleting(user.u_id);
    try {
      const answer = await api.delete('/user/delete/{id}', undefined, { id: user.u_id });
      if (answer.status === 1) {
        setItems((list) => list.filter((u) => u.u_id !== user.u_id));
        toast.success('User deleted successfully!');
      } else {
        console.error('Error deleting user', answer.description);
        toast.error('Error deleting user');
      }
    } catch (error) {
      console.error('Error deleting user', error);
      toast.error('Error deleting user');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Screen title="User Management">
      <Toolbar search={{ value: table.query, onChange: table.setQuery, placeholder: 'Search by name or phone', label: 'Search users by full name or phone' }} />
      <ListTable
        className="admin-card--cards"
        columns={['User', 'Phone', 'Role']}
        actionsHeading={mayDelete ? 'Actions' : null}
        list={list}
        emptyText="No users found"
        // Users get no rows-per-page choice.
        pager={{ ...table.pager, onPageSize: undefined, noun: 'users', label: 'User pages' }}
        rows={table.rows.map((user) => {
          const role = roleLabel(user.u_type);
          const isMe = me?.u_id === user.u_id;
          return (
            <tr key={user.u_id}>
              <td className="admin-cell-lead">
                <span className="admin-cell-strong">{user.full_name}</span>
                {user.u_name && <span className="admin-cell-muted"> · {user.u_name}</span>}
              </td>
              <td className="admin-num" data-label="Phone">
                {phoneOf(user)}
              </td>
              <td data-label="Role">
                <span className={`admin-badge${role === 'Admin' ? ' admin-badge--new' : ''}`}>{role}</span>
              </td>
              {mayDelete && (
                <td className="admin-col-actions">
                  <button
                    type="button"
                    className="admin-icon-btn admin-icon-btn--danger"
                    onClick={() => void remove(user)}
                    disabled={deleting === user.u_id || isMe}
                    aria-label={`Delete ${user.full_name}`}
                    title={isMe ? 'You cannot delete your own account here' : 'Delete'}
                  >
                    <AdminIcon name="trash" />
                  </button>
                </td>
              )}
            </tr>
          );
        })}
      />
    </Screen>
  );
}
