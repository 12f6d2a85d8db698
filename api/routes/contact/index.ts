import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { validationHook } from '../../validation.ts';
import { contactUsHandler, newsletterHandler } from './contact.handlers.ts';
import { contactUs, newsletter } from './contact.routes.ts';

/** The contact form and the newsletter sign-up. */
export function contactRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(contactUs, contactUsHandler).openapi(newsletter, newsletterHandler);
}
