import { describe, expect, it } from 'vitest';
import { bestCoupon, COUPON_CONDITIONS, couponNamedIn, describeCoupon, productOffers } from '../../rules/offers.ts';
import { afterLoginPath, loginPathFrom, safeReturnPath } from '../../rules/return-path.ts';

describe('safeReturnPath: only a path on this site', () => {
  it.each([
    ['/product-details/12', '/product-details/12'],
    ['/allproducts?cat=3&page=2', '/allproducts?cat=3&page=2'],
    ['/checkout#payment', '/checkout#payment'],
    ['/a/../cart', '/cart'],
  ])('keeps %s', (raw, expected) => expect(safeReturnPath(raw)).toBe(expected));

  it.each([
    ['nothing', null],
    ['an empty text', ''],
    ['another host', 'https://evil.example/'],
    ['a protocol-relative host', '//evil.example/path'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash later', '/cart\\..\\x'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path', 'cart'],
    ['a tab inside', '/\t/evil.example'],
    ['a newline inside', '/cart\nSet-Cookie: x'],
    ['the login page', '/login?next=/cart'],
    ['the sign-up page', '/Signup'],
    ['a very long path', `/${'a'.repeat(2100)}`],
  ])('refuses %s', (_name, raw) => expect(safeReturnPath(raw as string | null)).toBeNull());

  it('sends a shopper back, an administrator only inside /admin', () => {
    expect(afterLoginPath('/wishlist', false)).toBe('/wishlist');
    expect(afterLoginPath('//evil.example', false)).toBe('/');
    expect(afterLoginPath('/admin/orders', false)).toBe('/');
    expect(afterLoginPath(null, false)).toBe('/');
    expect(afterLoginPath('/admin/orders', true)).toBe('/admin/orders');
    expect(afterLoginPath('/cart', true)).toBe('/admin/');
    expect(afterLoginPath(undefined, true)).toBe('/admin/');
  });

  it('builds the login address that comes back', () => {
    expect(loginPathFrom('/product-details/7?x=1')).toBe('/login?next=%2Fproduct-details%2F7%3Fx%3D1');
    expect(loginPathFrom('/')).toBe('/login');
    expect(loginPathFrom('https://evil.example')).toBe('/login');
  });
});

describe('offers: only what checkout honours', () => {
  const coupons = [
    { coupon_name: 'WELCOME10', discount: '10' },
    { coupon_name: 'FESTIVE15', discount: '15' },
  ];

  it('tells a coupon in full: what, how much, the code, the conditions', () => {
    expect(describeCoupon({ coupon_name: 'festive15', discount: '15' })).toEqual({
      code: 'FESTIVE15',
      title: '15% off your order',
      how: 'Use code FESTIVE15 at checkout.',
      conditions: COUPON_CONDITIONS,
    });
  });

  it('the promo bar takes the largest discount, none when no coupon is active', () => {
    expect(bestCoupon(coupons)?.coupon_name).toBe('FESTIVE15');
    expect(bestCoupon([{ coupon_name: 'B12', discount: '12.5' }, { coupon_name: 'A12', discount: '12.5' }])?.coupon_name).toBe('A12');
    expect(bestCoupon([])).toBeNull();
    expect(bestCoupon([{ coupon_name: 'ZERO', discount: '0' }])).toBeNull();
  });

  it("lists every active coupon on a product, the one its offer names first, and nothing when none is active", () => {
    expect(couponNamedIn('Extra 15% off with code festive15', coupons)?.coupon_name).toBe('FESTIVE15');
    expect(couponNamedIn('Extra off with code FESTIVE150', coupons)).toBeNull();
    expect(productOffers('Extra 10% off with WELCOME10', coupons).map((o) => o.code)).toEqual(['WELCOME10', 'FESTIVE15']);
    expect(productOffers('Flat 10% off on making charges', coupons).map((o) => o.code)).toEqual(['WELCOME10', 'FESTIVE15']);
    expect(productOffers('Extra 15% off with code FESTIVE15', [])).toEqual([]);
  });
});
