import { type FormEvent, useState } from 'react';
import { ACCOUNT_COUNTRIES, type AccountCountryCode } from '../../../rules/currency.ts';
import { ALL_PERMISSIONS, type Permission, permissionsOf, PERMISSIONS, type Role, ROLE_NAMES, ROLES } from '../../../rules/permissions.ts';
import { nationalNumber, phoneNumberMessage } from '../../../rules/phone.ts';
import { api } from '../../lib/api/client.ts';
import { controlProps, Field, Options, TextField } from '../components/Field.tsx';
import { FormModal } from '../components/Modal.tsx';
import { useSave } from '../hooks/useSave.ts';
import { newPasswordError } from '../../lib/passwords.ts';
import type { components } from '../../lib/api/schema.d.ts';

type StaffMember = components['schemas']['StaffMember'];

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }));
const COUNTRY_OPTIONS = ACCOUNT_COUNTRIES.map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }));

/**
 * What a role may do, in the words a refusal uses: "Everything.", "Everything but: manage
 * staff and the owner's settings.", or what it may ("see the dashboard; change orders …").
 */
export function roleDuties(permissions: readonly Permission[]): string {
  const missing = ALL_PERMISSIONS.filter((p) => !permissions.includes(p));
  const words = (list: readonly Permission[]) => list.map((p) => PERMISSIONS[p]).join('; ');
  const text = missing.length === 0 ? 'Everything.' : missing.length <= 3 ? `Everything but: ${words(missing)}.` : `${words(permissions)}.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** roleDuties as a line under a role's name. */
export function RoleDuties({ permissions }: { permissions: readonly Permission[] }) {
  return <span className="admin-duties">{roleDuties(permissions)}</span>;
}

/** A first password the owner types and hands over: shown as typed, so it can be read out. */
function FirstPasswordField({ id, value, onValue, error }: { id: string; value: string; onValue: (value: string) => void; error?: string | null }) {
  return (
    <TextField
      id={id}
      label="First password"
      required
      hint="At least 8 characters. Give it to them in person; they must choose their own at first sign-in."
      value={value}
      onValue={onValue}
      error={error}
      autoComplete="new-password"
      spellCheck={false}
      maxLength={128}
    />
  );
}

interface FormProps {
  onClose: () => void;
  onSaved: () => void;
}

type AddErrors = Partial<Record<'name' | 'phone' | 'password', string | null>>;

/** Add a member of staff: name, country code and phone (how they sign in), role and a first password. */
export function AddStaffForm({ onClose, onSaved }: FormProps) {
  const { busy, save } = useSave(onSaved);
  const [name, setName] = useState('');
  const [countryCode, setCountryCode] = useState<AccountCountryCode>('+91');
  const [phone, setPhone] = useState('');
  const [role, setRole] = useState<Role>('orders');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<AddErrors>({});
  const dirty = Boolean(name || phone || password);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: AddErrors = {
      name: name.trim() ? null : 'Full name is required.',
      phone: !phone.trim() ? 'Phone number is required.' : nationalNumber(phone, countryCode) === null ? phoneNumberMessage(countryCode) : null,
      password: newPasswordError(password),
    };
    setErrors(found);
    const first = (['name', 'phone', 'password'] as const).find((key) => found[key]);
    if (first) {
      document.getElementById(`staff-${first}`)?.focus();
      return;
    }
    await save(() => api.post('/addstaff', { full_name: name.trim(), countryCode, phoneNumber: phone.trim(), role, password }), 'The member of staff could not be added.');
  };

  return (
    <FormModal title="Add Staff" formId="staff-add-form" onSubmit={submit} submitLabel="Add" busyLabel="Adding…" onClose={onClose} busy={busy} dirty={dirty}>
      <TextField id="staff-name" label="Full name" required value={name} onValue={setName} error={errors.name} maxLength={100} data-autofocus />
      <div className="admin-grid-2 admin-staff__phone">
        <Field id="staff-country" label="Country code" required>
          <select id="staff-country" value={countryCode} onChange={(event) => setCountryCode(event.target.value as AccountCountryCode)}>
            <Options options={COUNTRY_OPTIONS} />
          </select>
        </Field>
        <TextField id="staff-phone" label="Phone number" required hint="They sign in with it." value={phone} onValue={setPhone} error={errors.phone} inputMode="tel" autoComplete="off" maxLength={20} />
      </div>
      <Field id="staff-role" label="Role" required>
        <select {...controlProps('staff-role')} value={role} onChange={(event) => setRole(event.target.value as Role)}>
          <Options options={ROLE_OPTIONS} />
        </select>
        <RoleDuties permissions={permissionsOf(role)} />
      </Field>
      <FirstPasswordField id="staff-password" value={password} onValue={setPassword} error={errors.password} />
    </FormModal>
  );
}

interface ChangeProps extends FormProps {
  member: StaffMember;
}

/** Change a member's role: each role with what it may do; applies on their next call. */
export function RoleForm({ member, onClose, onSaved }: ChangeProps) {
  const [role, setRole] = useState<Role>(member.role);
  const { busy, save } = useSave(onSaved);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (role === member.role) return onClose();
    await save(() => api.put('/updatestaff', { u_id: member.u_id, role }), 'The role could not be changed.');
  };

  return (
    <FormModal title={`Role of ${member.full_name}`} formId="staff-role-form" onSubmit={submit} submitLabel="Change role" busyLabel="Changing…" onClose={onClose} busy={busy}>
      <Field id="staff-role-choice" label="Role" group hint="The new role applies to their very next action.">
        <div className="admin-roles">
          {ROLES.map((choice) => (
            <label key={choice} className={`admin-role${choice === role ? ' admin-role--chosen' : ''}`}>
              <input type="radio" name="role" value={choice} checked={choice === role} onChange={() => setRole(choice)} />
              <span className="admin-role__name">
                {ROLE_NAMES[choice]}
                {choice === member.role && <span className="admin-cell-muted"> (now)</span>}
              </span>
              <RoleDuties permissions={permissionsOf(choice)} />
            </label>
          ))}
        </div>
      </Field>
    </FormModal>
  );
}

/** Reset a member's password to a new first password: asked first, since it signs them out at once. */
export function ResetPasswordForm({ member, onClose, onSaved }: ChangeProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, save } = useSave(onSaved);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordError(password);
    setError(found);
    if (found) {
      document.getElementById('staff-reset-password')?.focus();
      return;
    }
    await save(() => api.put('/updatestaff', { u_id: member.u_id, password }), 'The password could not be reset.');
  };

  return (
    <FormModal title="Reset password?" formId="staff-reset-form" onSubmit={submit} submitLabel="Reset password" busyLabel="Resetting…" onClose={onClose} busy={busy} size="small" dirty={Boolean(password)}>
      <p className="admin-confirm__text">
        <strong>{member.full_name}</strong> is signed out everywhere at once and must choose a new password when they next sign in with this one.
      </p>
      <FirstPasswordField id="staff-reset-password" value={password} onValue={setPassword} error={error} />
    </FormModal>
  );
}
