import { describe, expect, it } from 'vitest';
import { shipmentWindow, trackingUrl } from '../../rules/couriers.ts';
import { formatWeekday } from '../../rules/dates.ts';
import { orderTaxTotals } from '../../rules/invoice.ts';

// Issue 35: once shipped, the delivery estimate counts the courier's business days from the day it
// shipped; the tracking number links to a courier the shop knows; the GST an order's total includes.

const window = (shipped: string, courier: string | null, abroad: boolean) => shipmentWindow(new Date(shipped), courier, abroad).map((d) => formatWeekday(d));

describe('shipmentWindow', () => {
  it('counts 3-7 business days in India and 7-15 abroad from the day it shipped, skipping weekends in India', () => {
    // Saturday 28 Nov 2026, 3 pm in India.
    expect(window('2026-11-28T09:30:00Z', 'Blue Dart', false)).toEqual(['Wed, 2 Dec', 'Tue, 8 Dec']);
    expect(window('2026-11-28T09:30:00Z', 'DHL', true)).toEqual(['Tue, 8 Dec', 'Fri, 18 Dec']);
    // An unknown courier: the policy's days.
    expect(window('2026-11-28T09:30:00Z', 'Surat Express', false)).toEqual(['Wed, 2 Dec', 'Tue, 8 Dec']);
    // 11 pm UTC on Friday is Saturday morning in India: counted from Saturday.
    expect(window('2026-11-27T23:00:00Z', null, false)).toEqual(['Wed, 2 Dec', 'Tue, 8 Dec']);
  });
});

describe('trackingUrl', () => {
  it('links a known courier, however it is written, and nothing else', () => {
    expect(trackingUrl(' blue  DART ', 'BD 12/3')).toBe('https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=BD%2012%2F3');
    expect(trackingUrl('Surat Express', 'SE1')).toBeNull();
    expect(trackingUrl('Delhivery', '  ')).toBeNull();
    expect(trackingUrl(null, 'X1')).toBeNull();
  });
});

describe('orderTaxTotals', () => {
  const line = { carat_name: '22K', quantity: 1, price: 5_150_000, line_total: 5_150_000 };
  it('splits CGST and SGST in the shop\'s state, IGST in another, none abroad, after the discount', () => {
    expect(orderTaxTotals('24', { country: 'IN', state: 'Gujarat', discount: 0, shipping: 0 }, [line])).toEqual({ supply: 'intra_state', gross: 5_150_000, taxable: 5_000_000, cgst: 75_000, sgst: 75_000, igst: 0 });
    expect(orderTaxTotals('24', { country: 'IN', state: 'Maharashtra', discount: 0, shipping: 0 }, [line])).toMatchObject({ supply: 'inter_state', taxable: 5_000_000, igst: 150_000 });
    expect(orderTaxTotals('24', { country: 'US', state: 'California', discount: 0, shipping: 3_800 }, [line])).toMatchObject({ supply: 'export', gross: 5_153_800, cgst: 0, sgst: 0, igst: 0 });
    // ₹5,150 off: the taxable value is what is left of ₹46,350, over 1.03.
    expect(orderTaxTotals('24', { country: 'IN', state: 'Gujarat', discount: 515_000, shipping: 0 }, [line])).toMatchObject({ gross: 4_635_000, taxable: 4_500_000, cgst: 67_500, sgst: 67_500 });
  });
});
