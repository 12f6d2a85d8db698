import type { RouteHandler } from '@hono/zod-openapi';
import { deleteUser, listUsers } from '../../../../db/queries/admin-users.ts';
import { actorOf, assertOwnUser } from '../../../auth.ts';
import { actingAs } from '../../../../db/audit.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import { removeMediaFiles } from '../../../media.ts';
import type { deleteUser as deleteUserRoute, getAllUsers } from './users.routes.ts';

export const getAllUsersHandler: RouteHandler<typeof getAllUsers, AppEnv> = async (c) =>
  ok(c, 'User list.', await listUsers(c.var.deps.db));

export const deleteUserHandler: RouteHandler<typeof deleteUserRoute, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const { caller, deps } = c.var;
  assertOwnUser(caller, id);
  // Deleting another's account acts for the shop: recorded in the audit trail.
  const remove = () => deleteUser(deps.db, id, caller.permissions.includes('staff.manage'));
  const { reviewFiles, removedReviews, returnPhotoFiles } = caller.u_id !== id ? await actingAs(actorOf(c, caller), remove) : await remove();
  await removeMediaFiles(deps, 'Reviews', reviewFiles);
  await removeMediaFiles(deps, 'ReturnPhotos', returnPhotoFiles);
  // Product pages show reviews and ratings.
  if (removedReviews > 0) deps.onCatalogueChange();
  return ok(c, 'User deleted successfully!', null);
};
