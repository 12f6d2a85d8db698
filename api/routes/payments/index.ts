import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { validationHook } from '../../validation.ts';
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
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(payment, paymentHandler)
    .openapi(paymentWebhook, paymentWebhookHandler)
    .openapi(paymentConfig, paymentConfigHandler)
    .openapi(sandboxLibrary, sandboxLibraryHandler)
    .openapi(sandboxPayPage, sandboxPayPageHandler)
    .openapi(sandboxPayOutcome, sandboxPayOutcomeHandler)
    .openapi(getPayments, getPaymentsHandler);
}
