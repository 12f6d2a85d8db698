/**
 * The shop's staff (issue 34): back-office accounts (u_type "0") with a role. The owner
 * adds them with a first password they must change, changes their role, deactivates them
 * (their tokens stop at once: the token key changes) and resets their password. The last
 * active owner can never be demoted or deactivated. Every change is recorded in the audit
 * trail in its own transaction.
 */
import { conflictError, forbiddenError, notFoundError } from '../../rules/errors.ts';
import { DEFAULT_STAFF_POLICY, type Role, type StaffPolicy } from '../../rules/permissions.ts';
import { ADMIN_USER_TYPE } from '../../rules/roles.ts';
import { recordChange } from '../audit.ts';
import type { DB } from '../connection.ts';
import { isoTimestamp, utcTimestamp } from '../time.ts';
import { type Trx, isUniqueViolation, writeTransaction } from '../transaction.ts';
import { newTokenKey } from './users.ts';

/** A member of staff as the staff screen lists them (nothing secret). */
export interface StaffMember {
  u_id: number;
  full_name: string;
  countryCode: string;
  phoneNumber: string;
  role: Role;
  active: boolean;
  totp_enabled: boolean;
  password_change_required: boolean;
  createdAt: string;
}

const STAFF_COLUMNS = ['u_id', 'full_name', 'country_code', 'phone_number', 'role', 'active', 'totp_enabled', 'password_change_required', 'created_at'] as const;

type StaffRow = {
  u_id: number;
  full_name: string;
  country_code: string;
  phone_number: string;
  role: string | null;
  active: number;
  totp_enabled: number;
  password_change_required: number;
  created_at: string;
};

function staffView(r: StaffRow): StaffMember {
  return {
    u_id: r.u_id,
    full_name: r.full_name,
    countryCode: r.country_code,
    phoneNumber: r.phone_number,
    role: (r.role ?? 'owner') as Role,
    active: r.active === 1,
    totp_enabled: r.totp_enabled === 1,
    password_change_required: r.password_change_required === 1,
    createdAt: isoTimestamp(r.created_at),
  };
}

/** Every member of staff, active first, then by name. */
export async function listStaff(db: DB): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('users')
    .select([...STAFF_COLUMNS])
    .where('u_type', '=', ADMIN_USER_TYPE)
    .orderBy('active', 'desc')
    .orderBy('full_name')
    .orderBy('u_id')
    .execute();
  return rows.map(staffView);
}

/** The audit trail's view of a staff member: what the owner can change. */
function audited(r: Pick<StaffRow, 'full_name' | 'country_code' | 'phone_number' | 'role' | 'active'>) {
  return { full_name: r.full_name, phone: `${r.country_code}${r.phone_number}`, role: r.role, active: r.active === 1 };
}

export interface NewStaff {
  full_name: string;
  country_code: string;
  phone_number: string;
  role: Role;
  password_hash: string;
}

/** Adds a member of staff with the owner's first password, which they must change at first sign-in. */
export async function addStaff(db: DB, staff: NewStaff): Promise<StaffMember> {
  try {
    return await writeTransaction(db, async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          full_name: staff.full_name,
          // The username is not used to sign in (the phone is); it only has to be unique.
          u_name: `staff${staff.country_code.replace(/\D/g, '')}${staff.phone_number}`,
          country_code: staff.country_code,
          phone_number: staff.phone_number,
          password_hash: staff.password_hash,
          u_type: ADMIN_USER_TYPE,
          role: staff.role,
          password_change_required: 1,
          token_key: newTokenKey(),
        })
        .returning([...STAFF_COLUMNS])
        .executeTakeFirstOrThrow();
      await recordChange(trx, { action: 'staff.add', entity: 'staff', entity_id: row.u_id, after: audited(row) });
      return staffView(row);
    }, { name: 'addStaff' });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflictError('This phone number already has an account. A shopper cannot be made staff here: use another number.');
    throw error;
  }
}

/** How many active owners there are, other than `except`. */
async function otherActiveOwners(trx: Trx, except: number): Promise<number> {
  const { n } = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u_type', '=', ADMIN_USER_TYPE)
    .where((eb) => eb.or([eb('role', '=', 'owner'), eb('role', 'is', null)]))
    .where('active', '=', 1)
    .where('u_id', '!=', except)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export interface StaffUpdate {
  u_id: number;
  role?: Role;
  active?: boolean;
  /** A new first password (its hash): the member must change it at next sign-in; their tokens stop. */
  password_hash?: string;
  /** Turns their two-factor sign-in off (a lost phone and lost recovery codes): they set it up again; their tokens stop. */
  totp_reset?: boolean;
}

/**
 * Changes a member of staff: role, active, a reset password. Nobody changes their own role
 * or deactivates themselves; the last active owner stays an active owner. Deactivating and
 * resetting the password change the token key: every token issued before stops at once.
 */
export async function updateStaff(db: DB, actor_u_id: number, update: StaffUpdate): Promise<StaffMember> {
  return writeTransaction(db, async (trx) => {
    const before = await trx.selectFrom('users').select([...STAFF_COLUMNS]).where('u_id', '=', update.u_id).where('u_type', '=', ADMIN_USER_TYPE).executeTakeFirst();
    if (!before) throw notFoundError('No member of staff has this id.');
    const role = update.role ?? before.role ?? 'owner';
    const active = update.active === undefined ? before.active : update.active ? 1 : 0;
    if (update.u_id === actor_u_id && (role !== (before.role ?? 'owner') || active !== before.active)) {
      throw forbiddenError('You cannot change your own role or deactivate yourself: ask another owner.');
    }
    const stillOwner = role === 'owner' && active === 1;
    if ((before.role ?? 'owner') === 'owner' && before.active === 1 && !stillOwner && (await otherActiveOwners(trx, update.u_id)) === 0) {
      throw conflictError('The last active owner cannot be removed or demoted. Make another member of staff an owner first.');
    }
    const endsSessions = (active === 0 && before.active === 1) || update.password_hash !== undefined || update.totp_reset === true;
    const after = await trx
      .updateTable('users')
      .set({
        role,
        active,
        ...(update.password_hash !== undefined ? { password_hash: update.password_hash, password_change_required: 1 } : {}),
        ...(update.totp_reset ? { totp_enabled: 0, totp_secret: null, totp_last_step: null } : {}),
        ...(endsSessions ? { token_key: newTokenKey() } : {}),
      })
      .where('u_id', '=', update.u_id)
      .returning([...STAFF_COLUMNS])
      .executeTakeFirstOrThrow();
    if (update.totp_reset) await trx.deleteFrom('totp_recovery_codes').where('u_id', '=', update.u_id).execute();
    const change = { ...audited(after), ...(update.password_hash !== undefined ? { password: 'reset' } : {}), ...(update.totp_reset ? { two_factor: 'reset' } : {}) };
    await recordChange(trx, { action: 'staff.update', entity: 'staff', entity_id: update.u_id, before: audited(before), after: change });
    return staffView(after);
  }, { name: 'updateStaff' });
}

/**
 * Sets a user's own new password: clears "must change", and changes the token key so every
 * other session ends (the caller gets a new token).
 */
export async function setOwnPassword(db: DB, u_id: number, password_hash: string): Promise<{ u_id: number; token_key: string }> {
  return writeTransaction(db, async (trx) => {
    const token_key = newTokenKey();
    const row = await trx
      .updateTable('users')
      .set({ password_hash, password_change_required: 0, token_key })
      .where('u_id', '=', u_id)
      .returning(['u_id', 'u_type'])
      .executeTakeFirst();
    if (!row) throw notFoundError('This account no longer exists.');
    await recordChange(trx, { action: 'staff.password', entity: 'staff', entity_id: u_id, before: { password: 'old' }, after: { password: 'changed' } });
    return { u_id, token_key };
  }, { name: 'setOwnPassword' });
}

/** The owner's staff policy, changed: the values sent replace the ones in force. */
export async function setStaffPolicy(db: DB, change: Partial<StaffPolicy>): Promise<StaffPolicy> {
  return writeTransaction(db, async (trx) => {
    const row = await trx.selectFrom('shop_settings').select('value').where('key', '=', 'staff_policy').executeTakeFirst();
    const before: StaffPolicy = { ...DEFAULT_STAFF_POLICY, ...(row ? (JSON.parse(row.value) as Partial<StaffPolicy>) : {}) };
    const after: StaffPolicy = { ...before, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
    const value = JSON.stringify(after);
    await trx
      .insertInto('shop_settings')
      .values({ key: 'staff_policy', value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: utcTimestamp() }))
      .execute();
    await recordChange(trx, { action: 'settings.staff_policy', entity: 'setting', entity_id: 'staff_policy', before: { ...before }, after: { ...after } });
    return after;
  }, { name: 'setStaffPolicy' });
}
