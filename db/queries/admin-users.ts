/**
 * Users as the back office sees them, and account deletion (by an
 * administrator, or a shopper deleting their own account).
 */

import { conflictError, forbiddenError, notFoundError } from '../../rules/errors.ts';
import { missingPermissionMessage } from '../../rules/permissions.ts';
import { recordChange } from '../audit.ts';
import { isAdministrator } from '../../rules/roles.ts';
import type { DB } from '../connection.ts';
import { namedNowhere } from './admin-media.ts';
import { forgetDecidedReturnPhotos } from './returns.ts';
import { isoTimestamp } from '../time.ts';
import { writeTransaction } from '../transaction.ts';

/** A user without anything secret: the password hash never leaves the database. */
export interface UserView {
  u_id: number;
  full_name: string;
  u_name: string;
  countryCode: string;
  phoneNumber: string;
  /** "0" administrator, anything else a shopper. */
  u_type: string;
  createdAt: string;
}

/** Every user, newest first. */
export async function listUsers(db: DB): Promise<UserView[]> {
  const rows = await db
    .selectFrom('users')
    .select(['u_id', 'full_name', 'u_name', 'country_code', 'phone_number', 'u_type', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('u_id', 'desc')
    .execute();
  return rows.map((r) => ({
    u_id: r.u_id,
    full_name: r.full_name,
    u_name: r.u_name,
    countryCode: r.country_code,
    phoneNumber: r.phone_number,
    u_type: r.u_type,
    createdAt: isoTimestamp(r.created_at),
  }));
}

/**
 * Deletes an account. Its cart and wishlist go with it (the foreign keys
 * cascade) and so do its product reviews (personal words under the person's
 * name); its orders stay for the shop's books, no longer linked to it. A member
 * of staff is deleted only by someone who may manage staff (`mayRemoveStaff`),
 * and the last active owner never: nobody could run the shop any more. Its
 * returns stay too; the photos of those already decided go (an open one keeps
 * them for the desk until it is decided: api/returns/lifecycle.ts).
 * Answers the review image and return photo files to remove after commit.
 */
export function deleteUser(db: DB, u_id: number, mayRemoveStaff: boolean): Promise<{ reviewFiles: string[]; removedReviews: number; returnPhotoFiles: string[] }> {
  return writeTransaction(db, async (trx) => {
    const user = await trx.selectFrom('users').select(['u_id', 'u_type', 'role', 'active', 'full_name', 'country_code', 'phone_number']).where('u_id', '=', u_id).executeTakeFirst();
    if (!user) throw notFoundError('User not found.');
    if (isAdministrator(user)) {
      if (!mayRemoveStaff) throw forbiddenError(missingPermissionMessage('staff.manage'), { missing_permission: 'staff.manage' });
      const { n } = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('u_type', '=', '0')
        .where((eb) => eb.or([eb('role', '=', 'owner'), eb('role', 'is', null)]))
        .where('active', '=', 1)
        .where('u_id', '!=', u_id)
        .executeTakeFirstOrThrow();
      if ((user.role ?? 'owner') === 'owner' && user.active === 1 && Number(n) === 0) throw conflictError('The last administrator cannot be deleted.');
    }
    const reviews = await trx.selectFrom('reviews').select('r_id').where('u_id', '=', u_id).where('p_id', 'is not', null).execute();
    const ids = reviews.map((r) => r.r_id);
    const images = ids.length ? await trx.selectFrom('review_images').select('file_name').where('r_id', 'in', ids).execute() : [];
    if (ids.length) await trx.deleteFrom('reviews').where('r_id', 'in', ids).execute();
    // The photos of the shopper's decided returns go with the account (their figures stay for the books).
    const returnPhotoFiles = await forgetDecidedReturnPhotos(trx, { u_id });
    await trx.deleteFrom('users').where('u_id', '=', u_id).execute();
    await recordChange(trx, {
      action: 'user.delete',
      entity: isAdministrator(user) ? 'staff' : 'user',
      entity_id: u_id,
      before: { full_name: user.full_name, phone: `${user.country_code}${user.phone_number}`, role: user.role, reviews_removed: ids.length, return_photos_removed: returnPhotoFiles.length },
    });
    return { reviewFiles: await namedNowhere(trx, 'Reviews', images.map((i) => i.file_name)), removedReviews: ids.length, returnPhotoFiles };
  });
}
