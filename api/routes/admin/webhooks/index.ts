import { createRouter } from '../../router.ts';
import {
  addWebhookHandler,
  getWebhookDeliveriesHandler,
  getWebhooksHandler,
  resendWebhookHandler,
  rotateWebhookSecretHandler,
  updateWebhookHandler,
} from './webhooks.handlers.ts';
import { addWebhook, getWebhookDeliveries, getWebhooks, resendWebhook, rotateWebhookSecret, updateWebhook } from './webhooks.routes.ts';

/** Webhooks for integrators (issue 35): endpoints, secrets, deliveries. */
export function webhooksRoutes() {
  return createRouter()
    .openapi(addWebhook, addWebhookHandler)
    .openapi(getWebhooks, getWebhooksHandler)
    .openapi(updateWebhook, updateWebhookHandler)
    .openapi(rotateWebhookSecret, rotateWebhookSecretHandler)
    .openapi(getWebhookDeliveries, getWebhookDeliveriesHandler)
    .openapi(resendWebhook, resendWebhookHandler);
}
