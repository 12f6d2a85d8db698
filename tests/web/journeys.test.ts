import { describe, expect, it } from 'vitest';
import { findCoupon, sizeText, totalsOf, validateShipping, EMPTY_SHIPPING } from '../../web/lib/checkout.ts';
import { CANCEL_WINDOW_MS } from '../../rules/orders.ts';
import { canCancel, hasBought, statusLabel, trackingStep } from '../../web/lib/orders.ts';
import { percentOf } from '../../rules/money.ts';

describe('checkout totals', () => {
  it('adds lines in whole paise and takes the coupon off the subtotal, half-up as the server does', () => {
    const lines = [
      { inr_price: 52340.5, usd_price: 630.25, quantity: 2 },
      { inr_price: 0.1, usd_price: 0.2, quantity: 3 },
    ];
    const inr = totalsOf(lines, 'INR', 12.5);
    expect(inr.subtotal).toBe(104681.3);
    const serverDiscount = percentOf(10468130, 1250) / 100;
    expect(inr.discount).toBe(serverDiscount);
    expect(inr.total).toBe(Math.round((inr.subtotal - inr.discount) * 100) / 100);
    expect(inr.shipping).toBe(0);
    expect(totalsOf(lines, 'USD').subtotal).toBe(1261.1);
    expect(totalsOf(lines, 'USD').discount).toBe(0);
  });

  it('never discounts more than the subtotal', () => {
    expect(totalsOf([{ inr_price: 10, usd_price: 1, quantity: 1 }], 'INR', 150)).toMatchObject({ discount: 10, total: 0 });
  });

  it('matches coupon codes uppercased', () => {
    const coupons = [{ coupon_name: 'WELCOME10', discount: '10' }];
    expect(findCoupon(coupons, ' welcome10 ')).toEqual(coupons[0]);
    expect(findCoupon(coupons, 'welcome')).toBeNull();
    expect(findCoupon(coupons, '')).toBeNull();
  });

  it('reads a bare size as "Size n" and a named one as it is', () => {
    expect(sizeText('12')).toBe('Size 12');
    expect(sizeText('Free Size')).toBe('Free Size');
    expect(sizeText(null)).toBeNull();
  });
});

describe('checkout fields (storefront.md §5)', () => {
  it('gives every required field its message on an empty form', () => {
    expect(validateShipping(EMPTY_SHIPPING)).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Email is required',
      phone_number: 'Phone number is required',
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zip_code: 'ZIP code is required',
    });
  });

  it('counts whitespace and "Select State" as missing, checks the e-mail pattern, leaves the apartment optional', () => {
    const filled = { ...EMPTY_SHIPPING, first_name: 'A', last_name: 'B', email: 'a@b.co', phone_number: '+91 98765 43210', address: 'x', city: 'Surat', state: 'Gujarat', zip_code: '395001' };
    expect(validateShipping(filled)).toEqual({});
    expect(validateShipping({ ...filled, state: 'Select State', city: '   ', email: 'a@b' })).toEqual({
      state: 'State is required',
      city: 'City is required',
      email: 'Invalid email format',
    });
  });
});

describe('orders', () => {
  it('tracks four steps; Cancelled is step 0 and anything else Unknown', () => {
    expect([1, 2, 3, 4, 5, 9].map(trackingStep)).toEqual([1, 2, 3, 4, 0, 0]);
    expect([1, 2, 3, 4, 5, 9].map(statusLabel)).toEqual(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled', 'Unknown']);
  });

  it("offers Cancel while the server says so, until the window it gave closes (the shop policy's, issue 36)", () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const closing = (msLeft: number, cancellable = true) => ({ cancellable, cancel_until: new Date(now + msLeft).toISOString() });
    expect(canCancel(closing(CANCEL_WINDOW_MS - 60_000), now)).toBe(true);
    expect(canCancel(closing(1000), now)).toBe(true);
    expect(canCancel(closing(0), now)).toBe(false);
    expect(canCancel(closing(-1000), now)).toBe(false);
    expect(canCancel(closing(60_000, false), now)).toBe(false);
    expect(canCancel({ cancellable: false, cancel_until: null }, now)).toBe(false);
    // A 24-hour window the policy set: still offered 3 hours after placing.
    expect(canCancel(closing(21 * 60 * 60 * 1000), now)).toBe(true);
  });

  it('knows a buyer from orders that were not cancelled', () => {
    const orders = [
      { status: 5, orderItems: [{ p_id: 7, product: { p_id: 7 } }] },
      { status: 4, orderItems: [{ p_id: 8, product: { p_id: 8 } }] },
    ];
    expect(hasBought(orders as never, 8)).toBe(true);
    expect(hasBought(orders as never, 7)).toBe(false);
    expect(hasBought(null, 8)).toBe(false);
  });
});

describe('checkout destinations (issue 17)', () => {
  const filled = { ...EMPTY_SHIPPING, first_name: 'A', last_name: 'B', email: 'a@b.co', phone_number: '+1 415 555 0100', address: 'x', city: 'City' };

  it('offers every state and union territory in India and checks the PIN', async () => {
    const { STATES } = await import('../../web/lib/checkout.ts');
    expect(STATES).toHaveLength(36);
    expect(STATES).toContain('Ladakh');
    expect(validateShipping({ ...filled, state: 'Kerala', zip_code: '682001' })).toEqual({});
    expect(validateShipping({ ...filled, state: 'Kerala', zip_code: '6820' })).toEqual({ zip_code: 'PIN code must be 6 digits.' });
  });

  it('takes a region and the country\'s postal code abroad; no postal code where a country has none', () => {
    expect(validateShipping({ ...filled, country: 'US', state: 'California', zip_code: '94105' })).toEqual({});
    expect(validateShipping({ ...filled, country: 'US', state: 'California', zip_code: 'SW1A 1AA' })).toEqual({ zip_code: 'ZIP code is not valid for United States.' });
    expect(validateShipping({ ...filled, country: 'AE', state: 'Dubai', zip_code: '' })).toEqual({});
    expect(validateShipping({ ...filled, country: 'US', state: '', zip_code: '94105' })).toEqual({ state: 'State is required' });
  });

  it('adds the server\'s shipping charge to the total', () => {
    expect(totalsOf([{ inr_price: 10, usd_price: 1000.5, quantity: 1 }], 'USD', 0, 38)).toEqual({ subtotal: 1000.5, discount: 0, shipping: 38, total: 1038.5 });
  });
});
