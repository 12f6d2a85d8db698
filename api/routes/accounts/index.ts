import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { validationHook } from '../../validation.ts';
import { getUserProfileHandler, registerUserHandler, updateUserProfileHandler, userLoginHandler } from './accounts.handlers.ts';
import { getUserProfile, registerUser, updateUserProfile, userLogin } from './accounts.routes.ts';

/** Registration, login and the shopper's profile. */
export function accountsRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(registerUser, registerUserHandler)
    .openapi(userLogin, userLoginHandler)
    .openapi(getUserProfile, getUserProfileHandler)
    .openapi(updateUserProfile, updateUserProfileHandler);
}
