/**
 * Two-factor sign-in for staff (issue 34), the data side: a member of staff's TOTP secret
 * (users.totp_secret, sealed with PAN_KEY by the caller: db/secrets.ts), whether it is on
 * (totp_enabled), the last time step a code was accepted in (totp_last_step: a code of a step
 * not after it is refused, so each code works once), and the one-time recovery codes, kept as
 * SHA-256 digests (totp_recovery_codes). Setting up, turning on and turning off are recorded
 * in the audit trail in their own transaction, never with the secret or a code.
 */
import { conflictError, invalidError } from '../../rules/errors.ts';
import { recordChange } from '../audit.ts';
import type { DB } from '../connection.ts';
import { utcTimestamp } from '../time.ts';
import { writeTransaction } from '../transaction.ts';

/** A code refused because its step is not after the last one accepted. */
export const CODE_USED_MESSAGE = 'This code was used already. Wait for the next one your authenticator app shows.';
/** A recovery code that is not one of the account's unused ones. */
export const RECOVERY_CODE_MESSAGE = 'This recovery code is not right, or was used already.';

/** A member of staff's two-factor sign-in as stored. */
export interface TotpState {
  /** The secret, sealed (db/secrets.ts); null before any set-up. */
  sealedSecret: string | null;
  enabled: boolean;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
}

/** A user's two-factor sign-in; undefined when there is no such user. */
export async function totpStateOf(db: DB, u_id: number): Promise<TotpState | undefined> {
  const [user, left] = await Promise.all([
    db.selectFrom('users').select(['totp_secret', 'totp_enabled']).where('u_id', '=', u_id).executeTakeFirst(),
    db.selectFrom('totp_recovery_codes').select((eb) => eb.fn.countAll<number | string>().as('n')).where('u_id', '=', u_id).where('used_at', 'is', null).executeTakeFirstOrThrow(),
  ]);
  return user && { sealedSecret: user.totp_secret, enabled: user.totp_enabled === 1, recoveryCodesLeft: user.totp_enabled === 1 ? Number(left.n) : 0 };
}

/**
 * Begins a set-up: keeps the new secret (sealed) and the digests of new recovery codes, in
 * place of any earlier set-up not turned on; not yet on. Refused (409) while two-factor
 * sign-in is on: it is turned off first, with a code.
 */
export async function beginTotpSetup(db: DB, u_id: number, sealedSecret: string, recoveryDigests: string[]): Promise<void> {
  await writeTransaction(
    db,
    async (trx) => {
      const updated = await trx
        .updateTable('users')
        .set({ totp_secret: sealedSecret, totp_enabled: 0, totp_last_step: null })
        .where('u_id', '=', u_id)
        .where('totp_enabled', '=', 0)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflictError('Two-factor sign-in is already on. To set it up again (a new phone), turn it off first with a code.');
      await trx.deleteFrom('totp_recovery_codes').where('u_id', '=', u_id).execute();
      await trx.insertInto('totp_recovery_codes').values(recoveryDigests.map((code_hash) => ({ u_id, code_hash }))).execute();
      await recordChange(trx, { action: 'totp.setup', entity: 'staff', entity_id: u_id, after: { two_factor: 'set up, not yet on' } });
    },
    { name: 'begin TOTP set-up' },
  );
}

/**
 * Takes the time step of a right code: true when it is after the last step accepted (which it
 * becomes), false when a code of this step or a later one was accepted already.
 */
export async function takeTotpStep(db: DB, u_id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('u_id', '=', u_id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses up one of the account's unused recovery codes (by its digest): false when none matches. */
export async function useRecoveryCode(db: DB, u_id: number, digest: string): Promise<boolean> {
  const result = await db
    .updateTable('totp_recovery_codes')
    .set({ used_at: utcTimestamp() })
    .where('u_id', '=', u_id)
    .where('code_hash', '=', digest)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Turns two-factor sign-in on, with the step of a right code of the secret set up
 * (`sealedSecret`, as read when the code was checked: a set-up begun again meanwhile is not
 * turned on by a code of the one before).
 */
export async function enableTotp(db: DB, u_id: number, sealedSecret: string, step: number): Promise<void> {
  await writeTransaction(
    db,
    async (trx) => {
      if (!(await takeTotpStep(trx, u_id, step))) throw invalidError(CODE_USED_MESSAGE);
      const updated = await trx
        .updateTable('users')
        .set({ totp_enabled: 1 })
        .where('u_id', '=', u_id)
        .where('totp_secret', '=', sealedSecret)
        .where('totp_enabled', '=', 0)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflictError('Two-factor sign-in was set up again or turned on meanwhile. Please start again.');
      await recordChange(trx, { action: 'totp.enable', entity: 'staff', entity_id: u_id, before: { two_factor: 'off' }, after: { two_factor: 'on' } });
    },
    { name: 'enable TOTP' },
  );
}

/** What proves the holder may turn two-factor sign-in off: a right code's step (of `sealedSecret`), or a recovery code's digest. */
export type TotpProof = { step: number; sealedSecret: string } | { recoveryDigest: string };

/** Turns two-factor sign-in off: the secret and the recovery codes go. Refused (409) when it is not on. */
export async function disableTotp(db: DB, u_id: number, proof: TotpProof): Promise<void> {
  await writeTransaction(
    db,
    async (trx) => {
      const user = await trx.selectFrom('users').select(['totp_secret', 'totp_enabled']).where('u_id', '=', u_id).executeTakeFirst();
      if (user?.totp_enabled !== 1) throw conflictError('Two-factor sign-in is not on.');
      if ('step' in proof) {
        if (user.totp_secret !== proof.sealedSecret || !(await takeTotpStep(trx, u_id, proof.step))) throw invalidError(CODE_USED_MESSAGE);
      } else if (!(await useRecoveryCode(trx, u_id, proof.recoveryDigest))) {
        throw invalidError(RECOVERY_CODE_MESSAGE);
      }
      await trx.updateTable('users').set({ totp_enabled: 0, totp_secret: null, totp_last_step: null }).where('u_id', '=', u_id).execute();
      await trx.deleteFrom('totp_recovery_codes').where('u_id', '=', u_id).execute();
      await recordChange(trx, { action: 'totp.disable', entity: 'staff', entity_id: u_id, before: { two_factor: 'on' }, after: { two_factor: 'off' } });
    },
    { name: 'disable TOTP' },
  );
}
