import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context.ts';
import { validationHook } from '../../../validation.ts';
import { contactInfoHandler, deleteContactInfoHandler } from './contacts.handlers.ts';
import { contactInfo, deleteContactInfo } from './contacts.routes.ts';

/** Contact messages: the paginated list and deletion. */
export function contactsRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(contactInfo, contactInfoHandler)
    .openapi(deleteContactInfo, deleteContactInfoHandler);
}
