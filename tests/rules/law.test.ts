import { describe, expect, it } from 'vitest';
import { checkDestination, COUNTRIES, countryForDialCode, findIndianState, INDIAN_STATES } from '../../rules/address.ts';
import {
  codRefusal,
  codRefusalMessage,
  effectiveCodCap,
  LEGAL_CASH_LIMIT,
  maskPan,
  normaliseHuid,
  normalisePan,
  panRequired,
} from '../../rules/compliance.ts';
import { financialYearLabel, financialYearStart, invoiceNumber } from '../../rules/invoice.ts';
import { DEFAULT_PIECE_WEIGHT_G, DEFAULT_SHIPPING_RATES, PACKAGING_G, parcelWeightGrams, rateTableProblem, shippingCharge } from '../../rules/shipping.ts';
import { apportion, finenessOf, splitInclusive, sumSplits, supplyKind } from '../../rules/tax.ts';

describe('addresses', () => {
  it('lists all 28 states and 8 union territories, each with a distinct two-digit GST code', () => {
    expect(INDIAN_STATES.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(INDIAN_STATES.filter((s) => s.kind === 'union territory')).toHaveLength(8);
    const codes = INDIAN_STATES.map((s) => s.gstCode);
    expect(new Set(codes).size).toBe(36);
    for (const code of codes) expect(code).toMatch(/^\d{2}$/);
    expect(findIndianState('Gujarat')?.gstCode).toBe('24');
    expect(findIndianState('maharashtra')?.gstCode).toBe('27');
    expect(findIndianState('Delhi')?.gstCode).toBe('07');
    expect(findIndianState('Karnataka')?.gstCode).toBe('29');
    expect(findIndianState('Orissa')?.name).toBe('Odisha');
    expect(findIndianState('Ladakh')?.gstCode).toBe('38');
    expect(findIndianState('Atlantis')).toBeNull();
  });

  it('accepts an Indian address with a state from the list and a six-digit PIN', () => {
    expect(checkDestination({ country: 'IN', state: 'tamil nadu', zip_code: '600001' })).toEqual({
      ok: true,
      destination: { country: 'IN', state: 'Tamil Nadu', zip_code: '600001', gstStateCode: '33' },
    });
    // An older client sends no country: India.
    expect(checkDestination({ country: '', state: 'Gujarat', zip_code: '395003' })).toMatchObject({ ok: true, destination: { country: 'IN' } });
    expect(checkDestination({ country: 'IN', state: 'California', zip_code: '395003' })).toMatchObject({ ok: false, problem: { field: 'state' } });
    expect(checkDestination({ country: 'IN', state: 'Gujarat', zip_code: '94105' })).toMatchObject({ ok: false, problem: { field: 'zip_code', message: 'PIN code must be 6 digits.' } });
    expect(checkDestination({ country: 'IN', state: 'Gujarat', zip_code: '095003' })).toMatchObject({ ok: false });
    expect(checkDestination({ country: 'IN', state: 'Select State', zip_code: '395003' })).toMatchObject({ ok: false, problem: { message: 'State is required' } });
  });

  it('checks a postal code abroad as that country writes it', () => {
    expect(checkDestination({ country: 'US', state: 'California', zip_code: '94105' })).toMatchObject({ ok: true, destination: { country: 'US', state: 'California', gstStateCode: null } });
    expect(checkDestination({ country: 'us', state: 'CA', zip_code: '94105-1234' }).ok).toBe(true);
    expect(checkDestination({ country: 'US', state: 'CA', zip_code: '9410' })).toMatchObject({ ok: false, problem: { field: 'zip_code', message: 'ZIP code is not valid for United States.' } });
    expect(checkDestination({ country: 'GB', state: 'Greater London', zip_code: 'sw1a 1aa' })).toMatchObject({ ok: true, destination: { zip_code: 'SW1A 1AA' } });
    expect(checkDestination({ country: 'CA', state: 'Ontario', zip_code: 'K1A 0B1' }).ok).toBe(true);
    expect(checkDestination({ country: 'JP', state: 'Tokyo', zip_code: '100-0001' }).ok).toBe(true);
    // No postal codes in general use: none needed.
    expect(checkDestination({ country: 'AE', state: 'Dubai', zip_code: '' }).ok).toBe(true);
    expect(checkDestination({ country: 'XX', state: 'Somewhere', zip_code: '1' })).toMatchObject({ ok: false, problem: { field: 'country' } });
    expect(checkDestination({ country: 'US', state: '', zip_code: '94105' })).toMatchObject({ ok: false, problem: { field: 'state' } });
  });

  it('suggests the country from the phone code, India by default', () => {
    expect(countryForDialCode('+91')).toBe('IN');
    expect(countryForDialCode('+1')).toBe('US');
    expect(countryForDialCode('+44')).toBe('GB');
    expect(countryForDialCode(undefined)).toBe('IN');
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
  });
});

describe('GST split of tax-inclusive prices', () => {
  it('intra-state: CGST 1.5% + SGST 1.5%, worked on ₹1,03,000', () => {
    // taxable = 1,03,000 / 1.03 = 1,00,000; CGST = SGST = 1,00,000 x 1.5% = 1,500.
    expect(splitInclusive(1_03_000_00, 'intra_state')).toEqual({ gross: 1_03_000_00, taxable: 1_00_000_00, cgst: 1_500_00, sgst: 1_500_00, igst: 0 });
  });

  it('inter-state: IGST 3%, worked on ₹1,03,000', () => {
    expect(splitInclusive(1_03_000_00, 'inter_state')).toEqual({ gross: 1_03_000_00, taxable: 1_00_000_00, cgst: 0, sgst: 0, igst: 3_000_00 });
  });

  it('export: zero-rated, the whole price is taxable value', () => {
    expect(splitInclusive(1_03_000_00, 'export')).toEqual({ gross: 1_03_000_00, taxable: 1_03_000_00, cgst: 0, sgst: 0, igst: 0 });
  });

  it('rounds each tax to the paisa and keeps the taxable value as the rest, so the line adds up', () => {
    // ₹1,99,999.00 = 1,99,99,900 paise. CGST = 1,99,99,900 x 1.5 / 103 = 2,91,260.68 -> 2,91,261 paise (₹2,912.61);
    // SGST the same; taxable = 1,99,99,900 - 2 x 2,91,261 = 1,94,17,378 paise (₹1,94,173.78).
    const intra = splitInclusive(1_99_999_00, 'intra_state');
    expect(intra).toEqual({ gross: 1_99_999_00, taxable: 1_94_17_378, cgst: 2_91_261, sgst: 2_91_261, igst: 0 });
    expect(intra.taxable + intra.cgst + intra.sgst).toBe(1_99_999_00);
    // IGST = 1,99,99,900 x 3 / 103 = 5,82,521.36 -> 5,82,521; taxable = 1,94,17,379.
    const inter = splitInclusive(1_99_999_00, 'inter_state');
    expect(inter).toEqual({ gross: 1_99_999_00, taxable: 1_94_17_379, cgst: 0, sgst: 0, igst: 5_82_521 });
    // A paisa: 1 x 1.5 / 103 = 0.0146 -> 0; taxable 1.
    expect(splitInclusive(1, 'intra_state')).toEqual({ gross: 1, taxable: 1, cgst: 0, sgst: 0, igst: 0 });
    // ₹1.03 = 103 paise: CGST 1.5 -> 2 (half up)... 103 x 150 / 10300 = 1.5 -> 2; taxable 99.
    expect(splitInclusive(103, 'intra_state')).toEqual({ gross: 103, taxable: 99, cgst: 2, sgst: 2, igst: 0 });
    for (const gross of [0, 7, 99_999, 3_87_310_00, 12_345_67]) {
      for (const kind of ['intra_state', 'inter_state', 'export'] as const) {
        const s = splitInclusive(gross, kind);
        expect(s.taxable + s.cgst + s.sgst + s.igst).toBe(gross);
        expect(s.cgst).toBe(s.sgst);
      }
    }
  });

  it('decides the kind of supply from the shop state and the destination', () => {
    expect(supplyKind('24', { country: 'IN', gstStateCode: '24' })).toBe('intra_state');
    expect(supplyKind('24', { country: 'IN', gstStateCode: '27' })).toBe('inter_state');
    expect(supplyKind('24', { country: 'US', gstStateCode: null })).toBe('export');
  });

  it('spreads a discount over lines in proportion, to the paisa, adding up exactly', () => {
    // ₹100 off lines of ₹300 and ₹600: ₹33.33... and ₹66.66... -> 3,333 and 6,667 paise.
    expect(apportion(100_00, [300_00, 600_00])).toEqual([33_33, 66_67]);
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
    const lines = [splitInclusive(1_03_000_00, 'intra_state'), splitInclusive(51_500_00, 'intra_state')];
    expect(sumSplits(lines)).toEqual({ gross: 1_54_500_00, taxable: 1_50_000_00, cgst: 2_250_00, sgst: 2_250_00, igst: 0 });
  });

  it('gives the fineness of a purity: 22K is 916, 18K is 750', () => {
    expect(finenessOf('22K')).toBe(916);
    expect(finenessOf('18K')).toBe(750);
    expect(finenessOf('14k')).toBe(585);
    expect(finenessOf('Silver')).toBeNull();
  });
});

describe('cash on delivery and PAN', () => {
  it('refuses cash on delivery at ₹2,00,000 and allows ₹1,99,999 (s.269ST)', () => {
    const cap = effectiveCodCap(null);
    expect(cap).toBe(LEGAL_CASH_LIMIT);
    expect(codRefusal({ country: 'IN', rupeeValue: 1_99_999_00 }, cap)).toBeNull();
    expect(codRefusal({ country: 'IN', rupeeValue: 1_99_999_99 }, cap)).toBeNull();
    expect(codRefusal({ country: 'IN', rupeeValue: 2_00_000_00 }, cap)).toBe('over_cap');
    expect(codRefusalMessage('over_cap', cap)).toBe('Cash on Delivery is available for orders below ₹2,00,000. Please choose Online Payment to place this order.');
  });

  it('lets the administrator lower the cap but never raise it above the law', () => {
    expect(effectiveCodCap(50_000_00)).toBe(50_000_00);
    expect(effectiveCodCap(5_00_000_00)).toBe(LEGAL_CASH_LIMIT);
    expect(codRefusal({ country: 'IN', rupeeValue: 49_999_00 }, effectiveCodCap(50_000_00))).toBeNull();
    expect(codRefusal({ country: 'IN', rupeeValue: 50_000_00 }, effectiveCodCap(50_000_00))).toBe('over_cap');
  });

  it('never offers cash on delivery abroad, whatever the amount', () => {
    expect(codRefusal({ country: 'US', rupeeValue: 100 }, LEGAL_CASH_LIMIT)).toBe('abroad');
    expect(codRefusal({ country: 'GB', rupeeValue: 1_00_000_00 }, LEGAL_CASH_LIMIT)).toBe('abroad');
  });

  it('needs a PAN from ₹2,00,000, not at ₹1,99,999, and not for an export', () => {
    expect(panRequired({ country: 'IN', rupeeValue: 1_99_999_00 })).toBe(false);
    expect(panRequired({ country: 'IN', rupeeValue: 2_00_000_00 })).toBe(true);
    expect(panRequired({ country: 'US', rupeeValue: 9_00_000_00 })).toBe(false);
  });

  it('checks PAN format (5 letters, 4 digits, a letter) and masks it', () => {
    expect(normalisePan('abcpe1234f')).toBe('ABCPE1234F');
    expect(normalisePan(' ABCPE 1234 F ')).toBe('ABCPE1234F');
    for (const bad of ['ABCP1234F', 'ABCPE12345', '1BCPE1234F', 'ABCPE1234', 'ABCPEX234F', 'ABCPE1234FF', '']) expect(normalisePan(bad)).toBeNull();
    expect(maskPan('ABCPE1234F')).toBe('XXXXXX234F');
  });

  it('checks HUID format: 6 letters or digits', () => {
    expect(normaliseHuid('ab12c4')).toBe('AB12C4');
    expect(normaliseHuid(' 123456 ')).toBe('123456');
    for (const bad of ['AB12C', 'AB12C45', 'AB-2C4', 'AB 2C4', '']) expect(normaliseHuid(bad)).toBeNull();
  });
});

describe('invoice numbers', () => {
  it('turns the financial year at midnight IST on 1 April', () => {
    expect(financialYearStart(new Date('2027-03-31T18:29:59Z'))).toBe(2026); // 23:59:59 IST, 31 March
    expect(financialYearStart(new Date('2027-03-31T18:30:00Z'))).toBe(2027); // 00:00 IST, 1 April
    expect(financialYearStart(new Date('2026-11-24T10:00:00Z'))).toBe(2026);
    expect(financialYearStart(new Date('2027-01-15T10:00:00Z'))).toBe(2026);
    expect(financialYearLabel(2026)).toBe('26-27');
    expect(financialYearLabel(2099)).toBe('99-00');
  });

  it('numbers PREFIX/YY-YY/NNNNNN within 16 characters', () => {
    expect(invoiceNumber('AJ', 2026, 123)).toBe('AJ/26-27/000123');
    const longest = invoiceNumber('AUR', 2026, 999_999);
    expect(longest).toBe('AUR/26-27/999999');
    expect(longest.length).toBe(16);
    expect(() => invoiceNumber('AURUM', 2026, 1)).toThrow();
    expect(() => invoiceNumber('AJ', 2026, 0)).toThrow();
    expect(() => invoiceNumber('AJ', 2026, 1_000_000)).toThrow();
  });
});

describe('shipping', () => {
  it('weighs a parcel from net weights, the default for a piece without one, and packaging', () => {
    expect(parcelWeightGrams([{ net_weight_g: 12.4, quantity: 2 }])).toBe(Math.ceil(24.8 + PACKAGING_G));
    expect(parcelWeightGrams([{ net_weight_g: null, quantity: 3 }])).toBe(3 * DEFAULT_PIECE_WEIGHT_G + PACKAGING_G);
  });

  it('is free in India and priced by zone and weight band abroad', () => {
    expect(shippingCharge(DEFAULT_SHIPPING_RATES, 'IN', 4000, 'INR')).toEqual({ ok: true, amount: 0, zone: null, weight_g: 4000 });
    expect(shippingCharge(DEFAULT_SHIPPING_RATES, 'US', 500, 'USD')).toEqual({ ok: true, amount: 38_00, zone: 'North America', weight_g: 500 });
    expect(shippingCharge(DEFAULT_SHIPPING_RATES, 'US', 501, 'USD')).toMatchObject({ ok: true, amount: 54_00 });
    expect(shippingCharge(DEFAULT_SHIPPING_RATES, 'GB', 180, 'INR')).toMatchObject({ ok: true, amount: 2_900_00, zone: 'Europe and UK' });
    expect(shippingCharge(DEFAULT_SHIPPING_RATES, 'US', 5001, 'USD')).toMatchObject({ ok: false, reason: 'too_heavy' });
    expect(shippingCharge({ zones: [] }, 'US', 100, 'USD')).toMatchObject({ ok: false, reason: 'no_zone' });
  });

  it('checks a rate table', () => {
    expect(rateTableProblem(DEFAULT_SHIPPING_RATES)).toBeNull();
    expect(rateTableProblem({ zones: [{ name: 'A', countries: ['US'], bands: [{ up_to_g: 500, inr: 1, usd: 1 }, { up_to_g: 500, inr: 2, usd: 2 }] }] })).toMatch(/go up/);
    expect(rateTableProblem({ zones: [{ name: 'A', countries: ['US'], bands: [{ up_to_g: 500, inr: 1, usd: 1 }] }, { name: 'B', countries: ['US'], bands: [{ up_to_g: 500, inr: 1, usd: 1 }] }] })).toMatch(/more than one zone/);
    expect(rateTableProblem({ zones: [{ name: 'A', countries: ['IN'], bands: [{ up_to_g: 500, inr: 1, usd: 1 }] }] })).toMatch(/India/);
  });
});
