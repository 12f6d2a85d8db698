import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context.ts';
import { validationHook } from '../../../validation.ts';
import { deleteUserHandler, getAllUsersHandler } from './users.handlers.ts';
import { deleteUser, getAllUsers } from './users.routes.ts';

/** Users: the list (administrators) and account deletion (administrators, or the account's owner). */
export function usersRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(getAllUsers, getAllUsersHandler).openapi(deleteUser, deleteUserHandler);
}
