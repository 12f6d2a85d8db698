import { describe, expect, it } from 'vitest';
import { currencyFor } from '../../rules/currency.ts';
import { DomainError } from '../../rules/errors.ts';
import { isVideoName, MAX_MEDIA_FILE_BYTES } from '../../rules/media.ts';
import { couponDiscount, couponGivingDiscount, formatMoney, percentOf, toMajor, toMinor } from '../../rules/money.ts';
import {
  CANCEL_WINDOW_MS,
  isFinalStatus,
  nextStatusesForShop,
  type OrderActor,
  shopperMayCancel,
  transitionRefusal,
  withinCancelWindow,
} from '../../rules/orders.ts';
import { asPaymentStatus, cancelRefunds, paymentStatusAfter, paymentStatusOnPlacement } from '../../rules/payments.ts';
import { isAdministrator } from '../../rules/roles.ts';

const placedAt = Date.parse('2026-11-24T08:00:00Z');
const soon = placedAt + 60_000;
const ALLOWED_FOR_SHOP = new Set(['1->2', '2->3', '3->4', '1->5', '2->5']);
const ALLOWED_FOR_SHOPPER = new Set(['1->5', '2->5']);

describe('order lifecycle (rules/orders.ts)', () => {
  for (const actor of ['shop', 'shopper'] as OrderActor[]) {
    const allowed = actor === 'shop' ? ALLOWED_FOR_SHOP : ALLOWED_FOR_SHOPPER;
    for (const from of [1, 2, 3, 4, 5]) {
      for (const to of [1, 2, 3, 4, 5]) {
        const key = `${from}->${to}`;
        it(`${actor}: ${key} is ${allowed.has(key) ? 'allowed' : 'refused with a reason'}`, () => {
          const refusal = transitionRefusal({ from, to, actor, placedAt, now: soon });
          if (allowed.has(key)) expect(refusal).toBeNull();
          else expect(refusal).toMatch(/^[A-Z].+\.$/);
        });
      }
    }
  }

  it('says why in words: final statuses, going back, skipping, cancelling after shipping', () => {
    const why = (from: number, to: number, actor: OrderActor = 'shop') => transitionRefusal({ from, to, actor, placedAt, now: soon });
    expect(why(4, 5)).toBe('This order has been delivered; a delivered order cannot change status.');
    expect(why(5, 4)).toBe('This order is cancelled; a cancelled order cannot change status.');
    expect(why(5, 5)).toBe('This order is already cancelled.');
    expect(why(3, 2)).toBe('This order is already Shipped; it cannot go back to Processing.');
    expect(why(1, 3)).toBe('This order is Pending; it must be Processing before it can be Shipped.');
    expect(why(3, 5)).toBe('This order has already been shipped and can no longer be cancelled.');
    expect(why(1, 2, 'shopper')).toMatch(/Only the shop/);
    expect(why(1, 9)).toMatch(/must be 1 \(Pending\)/);
  });

  it('closes the 2-hour cancel window at exactly 2 hours (half open), for the shopper only', () => {
    expect(CANCEL_WINDOW_MS).toBe(2 * 60 * 60 * 1000);
    expect(withinCancelWindow(placedAt, placedAt + CANCEL_WINDOW_MS - 1)).toBe(true);
    expect(withinCancelWindow(placedAt, placedAt + CANCEL_WINDOW_MS)).toBe(false);
    expect(withinCancelWindow(Number.NaN, placedAt)).toBe(false);
    const late = placedAt + CANCEL_WINDOW_MS;
    expect(transitionRefusal({ from: 1, to: 5, actor: 'shopper', placedAt, now: late })).toMatch(/within 2 hours/);
    expect(transitionRefusal({ from: 2, to: 5, actor: 'shop', placedAt, now: late + 86_400_000 })).toBeNull();
    expect(shopperMayCancel({ status: 2, placedAt }, late - 1)).toBe(true);
    expect(shopperMayCancel({ status: 2, placedAt }, late)).toBe(false);
    expect(shopperMayCancel({ status: 3, placedAt }, soon)).toBe(false);
  });

  it("takes the shop policy's cancellation window when given (issue 36)", () => {
    const hour = 60 * 60 * 1000;
    expect(withinCancelWindow(placedAt, placedAt + 3 * hour, 24)).toBe(true);
    expect(withinCancelWindow(placedAt, placedAt + 24 * hour, 24)).toBe(false);
    expect(transitionRefusal({ from: 1, to: 5, actor: 'shopper', placedAt, now: placedAt + 3 * hour, cancelWindowHours: 24 })).toBeNull();
    expect(transitionRefusal({ from: 1, to: 5, actor: 'shopper', placedAt, now: placedAt + 90 * 60_000, cancelWindowHours: 1 })).toBe(
      'Orders can be cancelled within 1 hour of placing them. Please contact us for help with this order.',
    );
    expect(transitionRefusal({ from: 1, to: 2, actor: 'shopper', placedAt, now: soon, cancelWindowHours: 48 })).toMatch(/within 2 days of placing it/);
    expect(shopperMayCancel({ status: 1, placedAt }, placedAt + 3 * hour, 24)).toBe(true);
    expect(shopperMayCancel({ status: 1, placedAt }, placedAt + 30 * 60_000, 0)).toBe(false);
  });

  it('offers the shop only the next steps; Delivered and Cancelled are final', () => {
    expect(nextStatusesForShop(1)).toEqual([2, 5]);
    expect(nextStatusesForShop(3)).toEqual([4]);
    expect([4, 5].every(isFinalStatus)).toBe(true);
    expect([1, 2, 3].some(isFinalStatus)).toBe(false);
  });
});

describe('payment status (rules/payments.ts)', () => {
  it('starts unpaid for cash on delivery and paid online; cancelling a paid order owes a refund', () => {
    expect(paymentStatusOnPlacement('cod')).toBe('unpaid');
    expect(paymentStatusOnPlacement('online')).toBe('paid');
    expect(paymentStatusAfter(5, 'paid')).toBe('refund_pending');
    expect(paymentStatusAfter(5, 'unpaid')).toBe('unpaid');
    expect(paymentStatusAfter(4, 'unpaid')).toBe('paid');
    expect(paymentStatusAfter(2, 'paid')).toBe('paid');
    expect(cancelRefunds('paid')).toBe(true);
    expect(cancelRefunds('unpaid')).toBe(false);
    expect(asPaymentStatus('cod')).toBe('unpaid');
    expect(asPaymentStatus('refunded')).toBe('refunded');
  });
});

describe('money, currency, roles, media', () => {
  it('converts minor units exactly and rounds coupons half-up in integers', () => {
    expect(toMajor(5234050)).toBe(52340.5);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(percentOf(999, 1250)).toBe(125);
    expect(formatMoney(52340.5, 'INR')).toBe('₹52,340.50');
    expect(formatMoney(52340, 'INR', { cents: true })).toBe('₹52,340.00');
  });

  it('finds the coupon a discount-only checkout meant: the first giving exactly that discount', () => {
    expect(couponDiscount(999, 1250)).toBe(125);
    expect(couponDiscount(999, 20_000)).toBe(999);
    const coupons = [{ name: 'A', discount_bp: 1000 }, { name: 'B', discount_bp: 1250 }, { name: 'C', discount_bp: 1250 }];
    expect(couponGivingDiscount(coupons, 999, 125)?.name).toBe('B');
    expect(couponGivingDiscount(coupons, 999, 100)?.name).toBe('A');
    expect(couponGivingDiscount(coupons, 999, 124)).toBeUndefined();
    expect(couponGivingDiscount(coupons, 999, 0)).toBeUndefined();
    expect(couponGivingDiscount([{ discount_bp: 0 }], 999, 0)).toBeUndefined();
  });

  it('is rupees for +91 and for a visitor, dollars for any other country code', () => {
    expect(currencyFor('+91')).toBe('INR');
    expect(currencyFor(null)).toBe('INR');
    expect(currencyFor(undefined)).toBe('INR');
    expect(currencyFor('+1')).toBe('USD');
    expect(currencyFor('+44')).toBe('USD');
  });

  it('knows an administrator by u_type "0" only', () => {
    expect(isAdministrator({ u_type: '0' })).toBe(true);
    expect(isAdministrator({ u_type: '1' })).toBe(false);
    expect(isAdministrator(null)).toBe(false);
  });

  it('calls mp4, webm and ogg videos and limits a file to 120 MB', () => {
    expect(['a.mp4', 'b.WEBM', 'c.ogg'].every(isVideoName)).toBe(true);
    expect(isVideoName('d.jpg')).toBe(false);
    expect(MAX_MEDIA_FILE_BYTES).toBe(125_829_120);
  });

  it('a DomainError carries its kind, message and data', () => {
    const error = new DomainError('conflict', 'No.', { amount: 1 });
    expect(error).toBeInstanceOf(Error);
    expect([error.kind, error.message, error.data]).toEqual(['conflict', 'No.', { amount: 1 }]);
  });
});
