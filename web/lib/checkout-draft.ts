import type { PaymentMethod } from '../../rules/payments.ts';
import type { ShippingForm } from './checkout.ts';

/**
 * The checkout form as the shopper left it, kept in this tab (sessionStorage)
 * so that Back from the payment provider's page, or a reload, shows it again.
 * One per account; cleared once an order is placed. The PAN is never kept.
 */
export interface CheckoutDraft {
  form: ShippingForm;
  payment: PaymentMethod;
  couponCode: string;
}

const keyOf = (u_id: number) => `checkoutDraft:${u_id}`;

export function readCheckoutDraft(u_id: number): CheckoutDraft | null {
  try {
    const raw = sessionStorage.getItem(keyOf(u_id));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<CheckoutDraft>;
    if (!draft.form || typeof draft.form !== 'object') return null;
    return { form: draft.form, payment: draft.payment === 'online' ? 'online' : 'cod', couponCode: typeof draft.couponCode === 'string' ? draft.couponCode : '' };
  } catch {
    return null;
  }
}

export function saveCheckoutDraft(u_id: number, draft: CheckoutDraft): void {
  try {
    sessionStorage.setItem(keyOf(u_id), JSON.stringify(draft));
  } catch {
    // Storage full or off: the form still works, it is only not kept.
  }
}

export function clearCheckoutDraft(u_id: number): void {
  try {
    sessionStorage.removeItem(keyOf(u_id));
  } catch {
    // Nothing kept.
  }
}
