import { createRouter } from '../../router.ts';
import { contactInfoHandler, deleteContactInfoHandler } from './contacts.handlers.ts';
import { contactInfo, deleteContactInfo } from './contacts.routes.ts';

/** Contact messages: the paginated list and deletion. */
export function contactsRoutes() {
  return createRouter()
    .openapi(contactInfo, contactInfoHandler)
    .openapi(deleteContactInfo, deleteContactInfoHandler);
}
