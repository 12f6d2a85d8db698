import { createRouter } from '../router.ts';
import { contactUsHandler, newsletterHandler } from './contact.handlers.ts';
import { contactUs, newsletter } from './contact.routes.ts';

/** The contact form and the newsletter sign-up. */
export function contactRoutes() {
  return createRouter().openapi(contactUs, contactUsHandler).openapi(newsletter, newsletterHandler);
}
