import { createRouter } from '../../router.ts';
import { deleteUserHandler, getAllUsersHandler } from './users.handlers.ts';
import { deleteUser, getAllUsers } from './users.routes.ts';

/** Users: the list (administrators) and account deletion (administrators, or the account's owner). */
export function usersRoutes() {
  return createRouter().openapi(getAllUsers, getAllUsersHandler).openapi(deleteUser, deleteUserHandler);
}
