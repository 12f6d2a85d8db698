/**
 * The configured payment provider (PAYMENT_PROVIDER): Cashfree, or the built-in sandbox.
 * What a provider is, and may be asked, is gateway.ts.
 */

import type { Deps } from '../context.ts';
import { cashfreeProvider } from './cashfree.ts';
import type { PaymentProvider } from './gateway.ts';
import { sandboxProvider } from './sandbox.ts';

/** The configured provider. */
export function paymentProvider(deps: Pick<Deps, 'db' | 'config'>): PaymentProvider {
  const { payment } = deps.config;
  return payment.provider === 'cashfree' ? cashfreeProvider(payment) : sandboxProvider(deps.db);
}
