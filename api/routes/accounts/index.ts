import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { validationHook } from '../../validation.ts';
import { registerUserHandler, userLoginHandler } from './accounts.handlers.ts';
import { registerUser, userLogin } from './accounts.routes.ts';

/** Registration and login. */
export function accountsRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(registerUser, registerUserHandler)
    .openapi(userLogin, userLoginHandler);
}
