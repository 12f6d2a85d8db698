/**
 * What a payment provider is to the store: one interface every provider (cashfree.ts,
 * sandbox.ts) implements, and the refusal when it cannot be reached. The store asks a
 * provider to open a payment (an order on the provider's side with a session the browser
 * library opens) and, server to server, what became of it. Nothing the browser says about
 * a payment is believed: only `getOrder`. Kept apart from provider.ts, which picks the
 * configured provider, so the providers need not import the module that imports them.
 */

import type { Currency } from '../../db/schema.ts';
import { unavailableError } from '../../rules/errors.ts';

export interface OpenPayment {
  /** Our id for the provider's order (letters, digits, `_`, `-`). */
  orderId: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: Currency;
  customer: { id: string; name: string; email: string; phone: string };
  /** Where the provider sends the shopper back; `{order_id}` is replaced by the provider. */
  returnUrl: string;
  /** The end of the payment's life (its price lock): no payment may be started after it. */
  expiresAt: Date;
}

/** What the provider says about one of its orders. */
export interface ProviderOrder {
  orderId: string;
  /** 'PAID' means paid; anything else ('ACTIVE', 'EXPIRED', 'TERMINATED', 'FAILED') does not. */
  status: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
}

/** A refund of a payment the provider took, asked once per `refundId` (the provider refuses a second). */
export interface RefundRequest {
  orderId: string;
  /** Our id for the refund (letters, digits, `_`, `-`): the same refund asked twice is one refund. */
  refundId: string;
  /** Minor units of the payment's currency. */
  amount: number;
  note: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'cashfree';
  /** The browser library's mode. */
  readonly mode: 'sandbox' | 'production';
  /** Opens a payment; answers the session the browser library takes. */
  createOrder(payment: OpenPayment): Promise<{ paymentSessionId: string }>;
  /** Asks the provider about an order; null when it does not know it. */
  getOrder(orderId: string): Promise<ProviderOrder | null>;
  /**
   * Asks the provider to refund a paid order to the original payment method. Resolves once
   * the provider has accepted it (money reaches the shopper days later); an unreachable
   * provider or a refusal rejects.
   */
  refund(request: RefundRequest): Promise<void>;
}

/** The refusal when the provider cannot be reached: not the shopper's fault, so not a 4xx. */
export const gatewayUnavailable = () => unavailableError('Payment gateway unavailable. Please try again.');
