import { createRouter } from '../../router.ts';
import { getMessagesHandler, retryMessageHandler } from './messages.handlers.ts';
import { getMessages, retryMessage } from './messages.routes.ts';

/** The outbox (issue 35): the shop's outgoing messages listed (orders.view), a failed one sent again (settings.manage). */
export function messagesRoutes() {
  return createRouter().openapi(getMessages, getMessagesHandler).openapi(retryMessage, retryMessageHandler);
}
