import { useStore } from '@nanostores/react';
import { formatPhone } from '../../../rules/phone.ts';
import { ROLE_NAMES } from '../../../rules/permissions.ts';
import { api } from '../../lib/api/client.ts';
import type { components } from '../../lib/api/schema.d.ts';
import { $user } from '../../stores/session.ts';
import { ConfirmDialog } from '../components/Modal.tsx';
import { RowActions } from '../components/RowActions.tsx';
import { AddButton, ListTable, Screen, Toolbar } from '../components/Screen.tsx';
import { useConfirmation } from '../hooks/useConfirmation.ts';
import { useEditing } from '../hooks/useEditing.ts';
import { includesText, useClientTable, useList } from '../hooks/useList.ts';
import { AddStaffForm, ResetPasswordForm, RoleForm } from './StaffForms.tsx';
import { StaffSettings } from './StaffSettings.tsx';
import '../staff.css';

export type StaffMember = components['schemas']['StaffMember'];

type Editing = { mode: 'add' } | { mode: 'role'; member: StaffMember } | { mode: 'password'; member: StaffMember };

/** Why the owner's own row cannot change role or be deactivated (the API's own rule, said before it refuses). */
export const OWN_ROW = 'You cannot change your own role or deactivate yourself: ask another owner.';

/**
 * Staff (issue 34, the owner only): who works in the back office, their role, whether they
 * can sign in, whether they sign in with a code and whether they still must change the
 * password the owner gave them. Add, change a role, deactivate or reactivate (asked first),
 * reset a password or, for a lost phone, two-factor sign-in (asked first); below, the owner's
 * staff settings.
 */
export function StaffScreen() {
  const me = useStore($user);
  const { items, ...list } = useList<StaffMember>(() => api.get('/getstaff'), 'The staff could not be loaded.');
  const table = useClientTable(items, (m, q) => includesText(m.full_name, q) || includesText(m.phoneNumber, q) || includesText(ROLE_NAMES[m.role], q));
  const form = useEditing<Editing>(list.reload);
  const switching = useConfirmation<StaffMember>(
    (member) => api.put('/updatestaff', { u_id: member.u_id, active: !member.active }),
    'The change could not be saved.',
    () => void list.reload(),
  );
  const target = switching.record;
  const resetting = useConfirmation<StaffMember>(
    (member) => api.put('/updatestaff', { u_id: member.u_id, totp_reset: true }),
    'Two-factor sign-in could not be reset.',
    () => void list.reload(),
  );

  return (
    <Screen
      title="Staff"
      lead="Who works in the back office and what each may do. A first password must be changed at first sign-in."
      actions={<AddButton label="Add Staff" onClick={() => form.open({ mode: 'add' })} />}
    >
      <Toolbar search={{ value: table.query, onChange: table.setQuery, placeholder: 'Search by name, phone or role', label: 'Search staff by name, phone or role' }} />
      <ListTable
        className="admin-card--cards admin-staff"
        columns={['Name', 'Phone', 'Role', 'Status', 'Two-factor']}
        list={list}
        emptyText="No staff yet"
        pager={{ ...table.pager, noun: 'members of staff', label: 'Staff pages' }}
        rows={table.rows.map((member) => {
          const own = member.u_id === me?.u_id;
          return (
            <tr key={member.u_id} data-staff={member.phoneNumber} className={member.active ? undefined : 'admin-row--off'}>
              <td className="admin-cell-lead">
                <span className="admin-cell-strong">{member.full_name}</span>
                {own && <span className="admin-cell-muted"> (you)</span>}
              </td>
              <td className="admin-num" data-label="Phone">
                {formatPhone(member.phoneNumber, member.countryCode)}
              </td>
              <td data-label="Role">{ROLE_NAMES[member.role]}</td>
              <td data-label="Status">
                <span className={`admin-badge ${member.active ? 'admin-badge--on' : 'admin-badge--off'}`}>{member.active ? 'Active' : 'Deactivated'}</span>
                {member.password_change_required && <span className="admin-badge admin-badge--new admin-staff__must">Must change password</span>}
              </td>
              <td data-label="Two-factor">
                {member.totp_enabled ? 'On' : 'Off'}
                {member.totp_enabled && !own && (
                  <button type="button" className="admin-text-btn admin-staff__reset-totp" onClick={() => resetting.ask(member)} aria-label={`Reset the two-factor sign-in of ${member.full_name}`}>
                    Reset
                  </button>
                )}
              </td>
              <RowActions>
                <button type="button" className="admin-text-btn" disabled={own} title={own ? OWN_ROW : undefined} onClick={() => form.open({ mode: 'role', member })} aria-label={`Change the role of ${member.full_name}`}>
                  Change role
                </button>
                <button
                  type="button"
                  className={member.active ? 'admin-text-btn admin-text-btn--danger' : 'admin-text-btn'}
                  disabled={own}
                  title={own ? OWN_ROW : undefined}
                  onClick={() => switching.ask(member)}
                  aria-label={`${member.active ? 'Deactivate' : 'Reactivate'} ${member.full_name}`}
                >
                  {member.active ? 'Deactivate' : 'Reactivate'}
                </button>
                <button type="button" className="admin-text-btn" onClick={() => form.open({ mode: 'password', member })} aria-label={`Reset the password of ${member.full_name}`}>
                  Reset password
                </button>
              </RowActions>
            </tr>
          );
        })}
      />

      <StaffSettings />

      {form.editing?.mode === 'add' && <AddStaffForm {...form.formProps} />}
      {form.editing?.mode === 'role' && <RoleForm member={form.editing.member} {...form.formProps} />}
      {form.editing?.mode === 'password' && <ResetPasswordForm member={form.editing.member} {...form.formProps} />}
      {target && (
        <ConfirmDialog
          title={target.active ? 'Deactivate staff member?' : 'Reactivate staff member?'}
          message={
            target.active ? (
              <>
                <strong>{target.full_name}</strong> is signed out at once and cannot sign in until reactivated. Nothing they did is undone.
              </>
            ) : (
              <>
                <strong>{target.full_name}</strong> can sign in again as {ROLE_NAMES[target.role]}, with their password as it was.
              </>
            )
          }
          confirmLabel={target.active ? 'Deactivate' : 'Reactivate'}
          danger={target.active}
          {...switching.dialog}
        />
      )}
      {resetting.record && (
        <ConfirmDialog
          title="Reset two-factor sign-in?"
          message={
            <>
              For a lost phone and lost recovery codes: <strong>{resetting.record.full_name}</strong> is signed out at once and signs in with their password alone until they
              set two-factor sign-in up again on My Profile.
            </>
          }
          confirmLabel="Reset two-factor"
          danger
          {...resetting.dialog}
        />
      )}
    </Screen>
  );
}
