import { createRouter } from '../../router.ts';
import { getNewsletterHandler, sendNewsletterHandler } from './newsletter.handlers.ts';
import { getNewsletter, sendNewsletterRoute } from './newsletter.routes.ts';

/** The newsletter (issue 35): its subscribers counted, and a newsletter sent to the confirmed ones (newsletter.send). */
export function newsletterRoutes() {
  return createRouter().openapi(getNewsletter, getNewsletterHandler).openapi(sendNewsletterRoute, sendNewsletterHandler);
}
