import type { RouteHandler } from '@hono/zod-openapi';
import { deleteUser, listUsers } from '../../../../db/queries/admin-users.ts';
import { assertOwnUser } from '../../../auth.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import { removeMediaFiles } from '../../../media.ts';
import type { deleteUser as deleteUserRoute, getAllUsers } from './users.routes.ts';

export const getAllUsersHandler: RouteHandler<typeof getAllUsers, AppEnv> = async (c) =>
  ok(c, 'User list.', await listUsers(c.var.deps.db));

export const deleteUserHandler: RouteHandler<typeof deleteUserRoute, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  assertOwnUser(c.var.caller, id);
  const { deps } = c.var;
  const { reviewFiles, removedReviews } = await deleteUser(deps.db, id);
  await removeMediaFiles(deps, 'Reviews', reviewFiles);
  // Product pages show reviews and ratings.
  if (removedReviews > 0) deps.onCatalogueChange();
  return ok(c, 'User deleted successfully!', null);
};
