import { describe, expect, it } from 'vitest';
import { hoursText } from '../../rules/dates.ts';
import { refundDaysText } from '../../rules/payments.ts';
import { DEFAULT_SHOP_POLICY, atPercent, isPolicyPercent, nonReturnableText, shopPolicyProblems, tidyShopPolicy, withPolicyDefaults, type ShopPolicy } from '../../rules/shop-policy.ts';

const fieldsWrong = (change: Partial<Record<keyof ShopPolicy, unknown>>) => shopPolicyProblems({ ...DEFAULT_SHOP_POLICY, ...change } as ShopPolicy).map((p) => p.field);

describe('the shop policy (rules/shop-policy.ts)', () => {
  it("holds the documents' values (backoffice.md section 9) as its defaults, and they pass", () => {
    expect(DEFAULT_SHOP_POLICY).toMatchObject({
      cancel_window_hours: 2,
      return_window_hours: 2,
      defect_report_hours: 2,
      non_returnable_kinds: ['custom', 'engraved', 'personalised'],
      partial_refund_collection: 'Everyday Collection',
      partial_refund_percent: 50,
      return_shipping_paid_by: 'customer',
      refund_days_min: 7,
      refund_days_max: 10,
      shipping_refunded: false,
      exchange_allowed: true,
      exchange_metal_percent: 100,
      buyback_metal_percent: 90,
      quote_valid_days: 1,
    });
    expect(shopPolicyProblems(DEFAULT_SHOP_POLICY)).toEqual([]);
  });

  it('takes percentages from 0 to 100 with at most two decimals, and refuses the rest by name', () => {
    for (const ok of [0, 12.5, 33.33, 100]) expect(isPolicyPercent(ok)).toBe(true);
    for (const bad of [-1, 100.01, 12.345, Number.NaN, Infinity, '50', null]) expect(isPolicyPercent(bad)).toBe(false);
    expect(fieldsWrong({ buyback_metal_percent: 101 })).toEqual(['buyback_metal_percent']);
    expect(fieldsWrong({ partial_refund_percent: -5, exchange_stone_percent: 0.001 })).toEqual(['partial_refund_percent', 'exchange_stone_percent']);
    expect(shopPolicyProblems({ ...DEFAULT_SHOP_POLICY, buyback_metal_percent: 101 })[0].message).toBe('The buy-back rate for metal must be a percentage from 0 to 100, with at most two decimals.');
  });

  it('takes windows in whole hours up to a year, refund days in order, a quote of 1 to 30 days, a charge up to ₹10,000', () => {
    expect(fieldsWrong({ return_window_hours: 720 })).toEqual([]);
    expect(fieldsWrong({ return_window_hours: 1.5 })).toEqual(['return_window_hours']);
    expect(fieldsWrong({ cancel_window_hours: 8761 })).toEqual(['cancel_window_hours']);
    expect(fieldsWrong({ refund_days_min: 10, refund_days_max: 7 })).toEqual(['refund_days_max']);
    expect(fieldsWrong({ quote_valid_days: 0 })).toEqual(['quote_valid_days']);
    expect(fieldsWrong({ return_shipping_charge: 10_000_00 })).toEqual([]);
    expect(fieldsWrong({ return_shipping_charge: 10_000_01 })).toEqual(['return_shipping_charge']);
    expect(fieldsWrong({ return_shipping_paid_by: 'courier' })).toEqual(['return_shipping_paid_by']);
  });

  it('needs written conditions and a collection name, and only known non-returnable kinds, once each', () => {
    expect(fieldsWrong({ return_conditions: '   ' })).toEqual(['return_conditions']);
    expect(fieldsWrong({ partial_refund_collection: '' })).toEqual(['partial_refund_collection']);
    expect(fieldsWrong({ non_returnable_kinds: ['engraved', 'engraved'] })).toEqual(['non_returnable_kinds']);
    expect(fieldsWrong({ non_returnable_kinds: ['used'] })).toEqual(['non_returnable_kinds']);
    expect(fieldsWrong({ non_returnable_kinds: [] })).toEqual([]);
  });

  it('tidies texts and orders kinds; reads a stored policy with the defaults for values never saved', () => {
    const tidy = tidyShopPolicy({ ...DEFAULT_SHOP_POLICY, partial_refund_collection: '  Daily   Wear ', non_returnable_kinds: ['personalised', 'custom'] });
    expect(tidy.partial_refund_collection).toBe('Daily Wear');
    expect(tidy.non_returnable_kinds).toEqual(['custom', 'personalised']);
    expect(withPolicyDefaults({ return_window_hours: 48 })).toEqual({ ...DEFAULT_SHOP_POLICY, return_window_hours: 48 });
    expect(withPolicyDefaults(null)).toEqual(DEFAULT_SHOP_POLICY);
  });

  it('says the policy in words', () => {
    expect(hoursText(2)).toBe('2 hours');
    expect(hoursText(1)).toBe('1 hour');
    expect(hoursText(24)).toBe('1 day');
    expect(hoursText(168)).toBe('7 days');
    expect(hoursText(36)).toBe('36 hours');
    expect(refundDaysText(DEFAULT_SHOP_POLICY)).toBe('7-10 business days');
    expect(refundDaysText({ refund_days_min: 5, refund_days_max: 5 })).toBe('5 business days');
    expect(nonReturnableText(DEFAULT_SHOP_POLICY.non_returnable_kinds)).toBe('Custom, engraved or personalised');
    expect(nonReturnableText(['engraved'])).toBe('Engraved');
    expect(nonReturnableText([])).toBeNull();
  });

  it('takes a percent of an amount half-up to the paisa', () => {
    expect(atPercent(380_625_00, 90)).toBe(342_562_50);
    expect(atPercent(999, 12.5)).toBe(125);
    expect(atPercent(1_000, 33.33)).toBe(333);
  });
});
