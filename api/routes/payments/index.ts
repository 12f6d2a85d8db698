import { createRouter } from '../router.ts';
import {
  getPaymentsHandler,
  paymentConfigHandler,
  paymentHandler,
  paymentWebhookHandler,
  sandboxLibraryHandler,
  sandboxPayOutcomeHandler,
  sandboxPayPageHandler,
} from './payments.handlers.ts';
import { getPayments, payment, paymentConfig, paymentWebhook, sandboxLibrary, sandboxPayOutcome, sandboxPayPage } from './payments.routes.ts';

/** Online payment: start, provider webhook, the built-in sandbox provider's page and library, and the back office's list of payments. */
export function paymentsRoutes() {
  return createRouter()
    .openapi(payment, paymentHandler)
    .openapi(paymentWebhook, paymentWebhookHandler)
    .openapi(paymentConfig, paymentConfigHandler)
    .openapi(sandboxLibrary, sandboxLibraryHandler)
    .openapi(sandboxPayPage, sandboxPayPageHandler)
    .openapi(sandboxPayOutcome, sandboxPayOutcomeHandler)
    .openapi(getPayments, getPaymentsHandler);
}
