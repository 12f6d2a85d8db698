import type { RouteHandler } from '@hono/zod-openapi';
import { createUser, findUserById, findUserByPhone } from '../../../db/queries/users.ts';
import { setOwnPassword } from '../../../db/queries/staff.ts';
import { staffPolicy } from '../../../db/queries/shop-settings.ts';
import { actingAs } from '../../../db/audit.ts';
import type { DB } from '../../../db/connection.ts';
import { isAdministrator } from '../../../rules/roles.ts';
import { isRole, permissionsOf } from '../../../rules/permissions.ts';
import { actorOf, issueToken, totpSetupRequired } from '../../auth.ts';
import { clientAddress } from '../../client-address.ts';
import type { AppEnv } from '../../context.ts';
import { conflictError, forbiddenError, invalidError, notFoundError, tooManyError } from '../../../rules/errors.ts';
import { created, ok } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../../db/passwords.ts';
import { hitRateLimit, type Limit, takeRateLimitSlots } from '../../rate-limit.ts';
import { clearRateLimit, releaseRateLimitSlot } from '../../../db/queries/rate-limits.ts';
import { getProfile, rememberAddress } from '../../../db/queries/profile.ts';
import { writeTransaction } from '../../../db/transaction.ts';
import { destinationOf } from '../../orders/checkout-law.ts';
import { nationalNumber } from '../../../rules/phone.ts';
import type { Config } from '../../env.ts';
import { acceptSignInCode, TOTP_REQUIRED_MESSAGE, TOTP_WRONG_MESSAGE, totpRequired } from '../totp/sign-in.ts';
import type { changePassword, getUserProfile, registerUser, updateUserProfile, userLogin } from './accounts.routes.ts';

// Ten failures lock one phone for fifteen minutes: long enough to stop guessing,
// short enough that the real owner is not shut out for the day.
export const PHONE_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };
const ADDRESS_LIMIT: Limit = { max: 30, windowMs: 15 * 60_000 };
// Sign-ups are counted like the contact forms: 20 an hour (SIGNUPS_PER_ADDRESS_HOUR) is plenty
// for a family or an office behind one address, nothing for a script minting accounts.
const SIGNUP_WINDOW_MS = 60 * 60_000;

export const registerUserHandler: RouteHandler<typeof registerUser, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const { db, config } = c.var.deps;
  // Counted before the password is hashed: a flood costs the server no argon2 work.
  const signupLimit: Limit = { max: config.signupsPerAddressHour, windowMs: SIGNUP_WINDOW_MS };
  const wait = await hitRateLimit(db, `signup:address:${clientAddress(c)}`, signupLimit);
  if (wait > 0) throw tooManyError(`Too many sign-ups from your network. Please try again in ${Math.ceil(wait / 60)} minutes.`, wait);
  const result = await createUser(db, {
    full_name: body.full_name,
    u_name: body.u_name,
    country_code: body.countryCode,
    // RegisterUser made sure it reads as a number of its country code.
    phone_number: nationalNumber(body.phoneNumber, body.countryCode) ?? body.phoneNumber,
    password_hash: await hashPassword(body.password),
    u_type: '1',
  });
  if ('taken' in result) {
    throw conflictError(
      result.taken === 'phone'
        ? 'This phone number is already registered. Please log in.'
        : 'This username is already taken. Please choose another.',
    );
  }
  return created(c, 'Registration successful. Please log in.', { u_id: result.u_id });
};

export const userLoginHandler: RouteHandler<typeof userLogin, AppEnv> = async (c) => {
  const { countryCode, phoneNumber: typed, password, totp } = c.req.valid('json');
  const { db, config } = c.var.deps;
  // One number however it is typed ("098765 43210", "+91 98765 43210"): one account, one lock. A
  // number that is not one of its code's (an account from before numbers were read) as its digits.
  const phoneNumber = nationalNumber(typed, countryCode) ?? typed.replace(/\D/g, '');
  const phoneBucket = `login:phone:${countryCode}${phoneNumber}`;
  const addressBucket = `login:address:${clientAddress(c)}`;
  // The slot is taken before the password is checked, so guesses sent at once meet the limit too.
  const wait = await takeRateLimitSlots(db, [
    { bucket: phoneBucket, limit: PHONE_LIMIT },
    { bucket: addressBucket, limit: ADDRESS_LIMIT },
  ]);
  if (wait > 0) throw tooManyError(`Too many login attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`, wait);

  const user = await findUserByPhone(db, countryCode, phoneNumber);
  if (!(await verifyPassword(user?.password_hash, password)) || !user) throw invalidError('Invalid phone number or password.');
  // Only the holder of the right password learns that the account was deactivated.
  if (user.active !== 1) throw forbiddenError('This account has been deactivated. Please ask the shop\'s owner.');
  if (user.totp_enabled === 1) {
    // The second step: the phone's slot stays taken until a code is right (a wrong one is a guess like a
    // wrong password); asking for the code gives the address its slot back (the password was right).
    if (!totp) {
      await releaseRateLimitSlot(db, addressBucket);
      throw totpRequired(TOTP_REQUIRED_MESSAGE);
    }
    if (!(await acceptSignInCode(db, config.panKey, user, totp))) throw totpRequired(TOTP_WRONG_MESSAGE);
  }
  // A right password (and code) was no guess: the phone starts afresh and the address gets its slot back.
  await clearRateLimit(db, phoneBucket);
  await releaseRateLimitSlot(db, addressBucket);
  const token = await issueToken(config, user);
  const access = await accessOf(db, config, user);
  return ok(c, loginMessage(access), {
    u_id: user.u_id,
    full_name: user.full_name,
    u_name: user.u_name,
    phoneNumber: user.phone_number,
    countryCode: user.country_code,
    u_type: user.u_type,
    auth_token: token,
    token,
    ...access,
  });
};

/**
 * A user's role and permissions (rules/permissions.ts), and what they must do first: change the
 * password the owner set, turn on two-factor sign-in (STAFF_TOTP=required).
 */
async function accessOf(db: DB, config: Config, user: { u_type: string; role: string | null; password_change_required: number; totp_enabled: number }) {
  const staff = isAdministrator(user);
  const role = staff ? (isRole(user.role) ? user.role : 'owner') : null;
  const permissions = role ? permissionsOf(role, role === 'catalogue' ? await staffPolicy(db) : undefined) : [];
  return {
    role,
    permissions,
    ...(user.password_change_required === 1 ? { password_change_required: true as const } : {}),
    ...(staff && totpSetupRequired(config, user) ? { totp_setup_required: true as const } : {}),
  };
}

/** What a successful login says, the first thing to do named first. */
function loginMessage(access: { password_change_required?: true; totp_setup_required?: true }): string {
  if (access.password_change_required) return 'Login successful. Please change the password the owner set for you.';
  if (access.totp_setup_required) return 'Login successful. The shop requires two-factor sign-in for staff: please turn it on before you go on.';
  return 'Login successful.';
}

export const changePasswordHandler: RouteHandler<typeof changePassword, AppEnv> = async (c) => {
  const { password, currentPassword } = c.req.valid('json');
  const { db, config } = c.var.deps;
  const { caller } = c.var;
  const user = await findUserById(db, caller.u_id);
  if (!user) throw notFoundError('This account no longer exists.');
  if (user.password_change_required !== 1) {
    // Someone holding a stolen token must not be able to lock the owner out: the old password is asked, and counted like a login.
    const bucket = `password:user:${user.u_id}`;
    const wait = await takeRateLimitSlots(db, [{ bucket, limit: PHONE_LIMIT }]);
    if (wait > 0) throw tooManyError(`Too many attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`, wait);
    if (!currentPassword) throw invalidError('Please enter your current password.');
    if (!(await verifyPassword(user.password_hash, currentPassword))) throw invalidError('Your current password is not right.');
    await clearRateLimit(db, bucket);
  }
  if (await verifyPassword(user.password_hash, password)) throw invalidError('Please choose a password different from the one you have now.');
  const password_hash = await hashPassword(password);
  const change = () => setOwnPassword(db, user.u_id, password_hash);
  const subject = caller.isAdmin ? await actingAs(actorOf(c, caller), change) : await change();
  const token = await issueToken(config, subject);
  return ok(c, 'Your password is changed. Other sessions of this account have ended.', { u_id: user.u_id, auth_token: token, token });
};

export const getUserProfileHandler: RouteHandler<typeof getUserProfile, AppEnv> = async (c) => {
  const profile = await getProfile(c.var.deps.db, c.var.caller.u_id);
  if (!profile) throw notFoundError('This account no longer exists.');
  const { role, permissions } = c.var.caller;
  return ok(c, 'Your profile.', { ...profile, role, permissions });
};

export const updateUserProfileHandler: RouteHandler<typeof updateUserProfile, AppEnv> = async (c) => {
  const { saved_address: address } = c.req.valid('json');
  const u_id = c.var.caller.u_id;
  const { db } = c.var.deps;
  // The checkout's own rules: a state of the country, its PIN or postal code format.
  const destination = destinationOf(address);
  const profile = await writeTransaction(db, async (trx) => {
    await rememberAddress(trx, u_id, { ...address, state: destination.state, zip_code: destination.zip_code, country: destination.country });
    return getProfile(trx, u_id);
  });
  if (!profile) throw notFoundError('This account no longer exists.');
  const { role, permissions } = c.var.caller;
  return ok(c, 'Your address is saved. Checkout will fill it in next time.', { ...profile, role, permissions });
};
