import { createRouter } from '../router.ts';
import { confirmNewsletterHandler, contactUsHandler, newsletterHandler, unsubscribeNewsletterHandler } from './contact.handlers.ts';
import { confirmNewsletter, contactUs, newsletter, unsubscribeNewsletter } from './contact.routes.ts';

/** The contact form and the newsletter: sign-up, confirmation and one-click unsubscribe. */
export function contactRoutes() {
  return createRouter().openapi(contactUs, contactUsHandler).openapi(newsletter, newsletterHandler)
    .openapi(confirmNewsletter, confirmNewsletterHandler)
    .openapi(unsubscribeNewsletter, unsubscribeNewsletterHandler);
}
