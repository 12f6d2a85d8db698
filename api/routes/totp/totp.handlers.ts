import type { RouteHandler } from '@hono/zod-openapi';
import { beginTotpSetup, disableTotp as turnOff, enableTotp as turnOn, totpStateOf, type TotpState } from '../../../db/queries/totp.ts';
import { openSecret, sealSecret } from '../../../db/secrets.ts';
import type { DB } from '../../../db/connection.ts';
import type { AppEnv } from '../../context.ts';
import { conflictError, invalidError, notFoundError, tooManyError } from '../../../rules/errors.ts';
import { ok } from '../../errors.ts';
import { takeRateLimitSlots } from '../../rate-limit.ts';
import { clearRateLimit } from '../../../db/queries/rate-limits.ts';
import { PHONE_LIMIT } from '../accounts/accounts.handlers.ts';
import { isTotpCode, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUrl, RECOVERY_CODE_COUNT, recoveryCodeDigest } from './codes.ts';
import { typedCode } from './sign-in.ts';
import type { disableTotp, enableTotp, getTotpStatus, setupTotp } from './totp.routes.ts';

const WRONG_CODE = 'That code is not right. Enter the code your authenticator app shows now.';

async function stateOf(db: DB, u_id: number): Promise<TotpState> {
  const state = await totpStateOf(db, u_id);
  if (!state) throw notFoundError('This account no longer exists.');
  return state;
}

/**
 * Counts a code attempt on the caller's own account (a stolen token must not try codes at
 * will): ten in 15 minutes, as a phone's logins. Answers the bucket, cleared once a code is right.
 */
async function countAttempt(db: DB, u_id: number): Promise<string> {
  const bucket = `totp:user:${u_id}`;
  const wait = await takeRateLimitSlots(db, [{ bucket, limit: PHONE_LIMIT }]);
  if (wait > 0) throw tooManyError(`Too many codes tried. Please try again in ${Math.ceil(wait / 60)} minutes.`, wait);
  return bucket;
}

export const getTotpStatusHandler: RouteHandler<typeof getTotpStatus, AppEnv> = async (c) => {
  const { db, config } = c.var.deps;
  const state = await stateOf(db, c.var.caller.u_id);
  return ok(c, state.enabled ? 'Two-factor sign-in is on.' : 'Two-factor sign-in is off.', {
    totp_enabled: state.enabled,
    totp_required: config.staffTotp === 'required',
    recovery_codes_left: state.recoveryCodesLeft,
  });
};

export const setupTotpHandler: RouteHandler<typeof setupTotp, AppEnv> = async (c) => {
  const { db, config } = c.var.deps;
  const { caller } = c.var;
  const secret = newTotpSecret();
  const recovery_codes = newRecoveryCodes();
  await beginTotpSetup(db, caller.u_id, sealSecret(config.panKey, secret, 'totp'), recovery_codes.map(recoveryCodeDigest));
  return ok(
    c,
    'Scan the QR code with your authenticator app (or type the secret), then enter the code it shows to turn two-factor sign-in on. Keep the recovery codes somewhere safe: each signs you in once without the app.',
    { secret, otpauth_url: otpauthUrl(secret, caller.full_name, config.seller.legalName), recovery_codes },
  );
};

export const enableTotpHandler: RouteHandler<typeof enableTotp, AppEnv> = async (c) => {
  const { db, config } = c.var.deps;
  const { u_id } = c.var.caller;
  const bucket = await countAttempt(db, u_id);
  const state = await stateOf(db, u_id);
  if (state.enabled) throw conflictError('Two-factor sign-in is already on.');
  if (!state.sealedSecret) throw conflictError('Set up two-factor sign-in first (POST /totp/setup).');
  const step = matchingStep(openSecret(config.panKey, state.sealedSecret, 'totp'), typedCode(c.req.valid('json').code));
  if (step === null) throw invalidError(WRONG_CODE);
  await turnOn(db, u_id, state.sealedSecret, step);
  await clearRateLimit(db, bucket);
  return ok(c, 'Two-factor sign-in is on: signing in now asks for a code from your authenticator app.', {
    totp_enabled: true,
    totp_required: config.staffTotp === 'required',
    recovery_codes_left: RECOVERY_CODE_COUNT,
  });
};

export const disableTotpHandler: RouteHandler<typeof disableTotp, AppEnv> = async (c) => {
  const { db, config } = c.var.deps;
  const { u_id } = c.var.caller;
  const bucket = await countAttempt(db, u_id);
  const code = typedCode(c.req.valid('json').code);
  if (isTotpCode(code)) {
    const state = await stateOf(db, u_id);
    if (!state.enabled || !state.sealedSecret) throw conflictError('Two-factor sign-in is not on.');
    const step = matchingStep(openSecret(config.panKey, state.sealedSecret, 'totp'), code);
    if (step === null) throw invalidError(WRONG_CODE);
    await turnOff(db, u_id, { step, sealedSecret: state.sealedSecret });
  } else {
    await turnOff(db, u_id, { recoveryDigest: recoveryCodeDigest(code) });
  }
  await clearRateLimit(db, bucket);
  const required = config.staffTotp === 'required';
  return ok(
    c,
    required ? 'Two-factor sign-in is off. The shop requires it: set it up again before you go on.' : 'Two-factor sign-in is off: signing in asks for your password only.',
    { totp_enabled: false, totp_required: required, recovery_codes_left: 0 },
  );
};
