import { createRouter } from '../../router.ts';
import { getMessageHandler, getMessagesHandler, retryMessageHandler } from './messages.handlers.ts';
import { getMessage, getMessages, retryMessage } from './messages.routes.ts';

/** The outbox (issue 35): the shop's outgoing messages listed and read (orders.view), a failed one sent again (settings.manage). */
export function messagesRoutes() {
  return createRouter().openapi(getMessages, getMessagesHandler).openapi(getMessage, getMessageHandler).openapi(retryMessage, retryMessageHandler);
}
