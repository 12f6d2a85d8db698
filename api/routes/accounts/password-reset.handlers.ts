import { randomInt } from 'node:crypto';
import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PASSWORD_RESET_TRIES, requestPasswordReset, resetPasswordWithCode, type ResetOutcome } from '../../../db/queries/password-resets.ts';
import { hashPassword } from '../../../db/passwords.ts';
import { invalidError, tooManyError } from '../../../rules/errors.ts';
import { nationalNumber } from '../../../rules/phone.ts';
import { clientAddress } from '../../client-address.ts';
import type { AppEnv } from '../../context.ts';
import { ok } from '../../errors.ts';
import { messagesWaiting } from '../../messages/nudge.ts';
import { type Limit, takeRateLimitSlots } from '../../rate-limit.ts';
import type { forgotPassword, resetPassword } from './password-reset.routes.ts';

// Asking for codes: a few an hour for one number (each is an SMS to someone's phone), more for an
// address (a family or an office behind one).
const ASK_PHONE_LIMIT: Limit = { max: 5, windowMs: 60 * 60_000 };
const ASK_ADDRESS_LIMIT: Limit = { max: 20, windowMs: 60 * 60_000 };
// Typing codes: as the login's limits (each code has its own 5 tries besides).
const RESET_PHONE_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };
const RESET_ADDRESS_LIMIT: Limit = { max: 30, windowMs: 15 * 60_000 };

export const FORGOT_PASSWORD_MESSAGE = 'If this number has an account, we have sent it a 6-digit code by SMS. It expires in 10 minutes.';

const REFUSALS: Record<Exclude<ResetOutcome, 'reset'>, string> = {
  wrong: 'This code is not right. Please check the code we sent and try again.',
  dead: `This code has had ${PASSWORD_RESET_TRIES} wrong tries and no longer works. Please ask for a new code.`,
  expired: 'This code has expired (codes last 10 minutes). Please ask for a new code.',
  used: 'This code has already been used. Please ask for a new code if you need one.',
};

/** The number as one account's (sign-up's reading), and the refusal when a bucket is full. */
async function limited(c: Context<AppEnv>, kind: 'ask' | 'reset', body: { countryCode: string; phoneNumber: string }) {
  const { db } = c.var.deps;
  const phoneNumber = nationalNumber(body.phoneNumber, body.countryCode) ?? body.phoneNumber.replace(/\D/g, '');
  const [phoneLimit, addressLimit] = kind === 'ask' ? [ASK_PHONE_LIMIT, ASK_ADDRESS_LIMIT] : [RESET_PHONE_LIMIT, RESET_ADDRESS_LIMIT];
  const wait = await takeRateLimitSlots(db, [
    { bucket: `password-${kind}:phone:${body.countryCode}${phoneNumber}`, limit: phoneLimit },
    { bucket: `password-${kind}:address:${clientAddress(c)}`, limit: addressLimit },
  ]);
  if (wait > 0) {
    const what = kind === 'ask' ? 'requests for a code' : 'attempts';
    throw tooManyError(`Too many ${what}. Please try again in ${Math.ceil(wait / 60)} minutes.`, wait);
  }
  return phoneNumber;
}

export const forgotPasswordHandler: RouteHandler<typeof forgotPassword, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const { db, config } = c.var.deps;
  const phoneNumber = await limited(c, 'ask', body);
  // Made and hashed whether or not the number has an account: the same work, the same answer.
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const sent = await requestPasswordReset(db, { countryCode: body.countryCode, phoneNumber, code, key: config.panKey });
  if (sent) messagesWaiting();
  return ok(c, FORGOT_PASSWORD_MESSAGE, {});
};

export const resetPasswordHandler: RouteHandler<typeof resetPassword, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const { db, config } = c.var.deps;
  const phoneNumber = await limited(c, 'reset', body);
  // Hashed before the code is checked (after the limits): a right and a wrong code take the same time.
  const password_hash = await hashPassword(body.password);
  const outcome = await resetPasswordWithCode(db, { countryCode: body.countryCode, phoneNumber, code: body.otp, key: config.panKey, password_hash });
  if (outcome !== 'reset') throw invalidError(REFUSALS[outcome]);
  return ok(c, 'Your password is set. Every earlier sign-in has ended: please log in with your new password.', {});
};
