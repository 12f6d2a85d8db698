import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../web/components/Pagination.tsx';
import { addBusinessDays, deliveryWindow, leadDaysOf, orderLeadDays, shippingLine } from '../../web/islands/product/delivery.ts';
import { imageSources, isVideo, firstImage } from '../../web/lib/media.ts';
import { currencyFor } from '../../rules/currency.ts';
import { formatMoney, priceColumn } from '../../rules/money.ts';
import { sessionCountryCode } from '../../web/stores/session.ts';
import { categoryPath } from '../../web/lib/routes.ts';
import { slugify } from '../../web/lib/slug.ts';
import { selectionFor } from '../../web/stores/cart.ts';

describe('currency (storefront.md §1, §9)', () => {
  it('is rupees for visitors and +91, dollars for everyone else', () => {
    expect(currencyFor(null)).toBe('INR');
    expect(currencyFor(undefined)).toBe('INR');
    expect(currencyFor('+91')).toBe('INR');
    expect(currencyFor(sessionCountryCode({ countryCode: '+91', phoneNumber: '9876543210' }))).toBe('INR');
    expect(currencyFor(sessionCountryCode({ countryCode: '', phoneNumber: '+919876543210' }))).toBe('INR');
    expect(currencyFor(sessionCountryCode({ countryCode: '', phoneNumber: '5550100' }))).toBe('USD');
    for (const code of ['+1', '+44', '+81', '+86']) expect(currencyFor(sessionCountryCode({ countryCode: code, phoneNumber: '5550100' }))).toBe('USD');
  });

  it('names the price column the all-products filter sends', () => {
    expect(priceColumn('INR')).toBe('inr_price');
    expect(priceColumn('USD')).toBe('usd_price');
  });

  it('formats rupees with Indian grouping and dollars with US grouping', () => {
    expect(formatMoney(152340, 'INR')).toBe('₹1,52,340');
    expect(formatMoney(52340.5, 'INR')).toBe('₹52,340.50');
    expect(formatMoney(1640.25, 'USD')).toBe('$1,640.25');
    expect(formatMoney(640, 'USD')).toBe('$640');
  });
});

describe('quick add defaults (§4)', () => {
  const product = {
    p_id: 7,
    cate_id: 2,
    productcarats: [
      { pc_id: 71, carat_id: 22 },
      { pc_id: 72, carat_id: 18 },
    ],
    materials: [3, 4],
    size: [9, 10],
  };

  it('takes the first carat entry, the first material, the first size and quantity 1', () => {
    expect(selectionFor(product)).toEqual({ p_id: 7, cate_id: 2, pc_id: 71, carat_id: 22, m_id: 3, size_id: 9, quantity: 1 });
  });

  it('keeps what the shopper chose, and never a quantity below 1', () => {
    expect(selectionFor(product, { pc_id: 72, m_id: 4, size_id: 10, quantity: 0 })).toEqual({
      p_id: 7, cate_id: 2, pc_id: 72, carat_id: 18, m_id: 4, size_id: 10, quantity: 1,
    });
  });

  it('refuses a product with no carat entry or no material; one size means no size id', () => {
    expect(selectionFor({ ...product, productcarats: [] })).toBe('no-carat');
    expect(selectionFor({ ...product, materials: [] })).toBe('no-material');
    expect(selectionFor({ ...product, size: [] })).toMatchObject({ size_id: null });
  });
});

describe('pagination window', () => {
  it('shows every page when there are few, else the ends and the pages around the current one', () => {
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 834)).toEqual([1, 2, 'gap', 834]);
    expect(pageWindow(400, 834)).toEqual([1, 'gap', 399, 400, 401, 'gap', 834]);
    expect(pageWindow(834, 834)).toEqual([1, 'gap', 833, 834]);
  });
});

describe('estimated delivery (backoffice.md §9 shipping policy)', () => {
  it('counts business days only', () => {
    const friday = new Date(2025, 5, 6);
    expect(addBusinessDays(friday, 1).getDay()).toBe(1);
    expect(addBusinessDays(friday, 5).getDate()).toBe(13);
  });

  it('is 2-4 days processing plus 3-7 days in India or 7-15 days abroad', () => {
    const monday = new Date(2025, 5, 2);
    const [soonest, latest] = deliveryWindow(monday, false);
    expect(soonest.getDate()).toBe(9); // 5 business days
    expect(latest.getDate()).toBe(17); // 11 business days: Tue 17 June
    const [abroadSoonest, abroadLatest] = deliveryWindow(monday, true);
    expect(abroadSoonest.getDate()).toBe(13); // 9 business days
    expect(abroadLatest.getDate()).toBe(27); // 19 business days
  });

  it('moves a made-to-order piece by its lead time: it ships after the lead time (calendar days), then the courier days', () => {
    const monday = new Date(2025, 5, 2);
    // Ships Mon 23 June (21 days on), then 3-7 business days: Thu 26 June - Wed 2 July.
    const [soonest, latest] = deliveryWindow(monday, false, 21);
    expect([soonest.getMonth(), soonest.getDate()]).toEqual([5, 26]);
    expect([latest.getMonth(), latest.getDate()]).toEqual([6, 2]);
    const [abroadSoonest, abroadLatest] = deliveryWindow(monday, true, 21);
    expect([abroadSoonest.getMonth(), abroadSoonest.getDate()]).toEqual([6, 2]); // 7 business days after 23 June
    expect([abroadLatest.getMonth(), abroadLatest.getDate()]).toEqual([6, 14]); // 15 business days
    expect(deliveryWindow(monday, false, 0)).toEqual(deliveryWindow(monday, false));
    expect(shippingLine(false, 21)).toBe('Made to order: ships in 21 days, then 3-7 business days within India · free shipping. ');
    expect(shippingLine(true, 1)).toBe('Made to order: ships in 1 day, then 7-15 business days internationally. ');
    expect(shippingLine(false)).toBe('Ships in 2-4 business days, then 3-7 business days within India · free shipping. ');
    expect(leadDaysOf({ stock: null, lead_time_days: 21 })).toBe(21);
    expect(leadDaysOf({ stock: 3, lead_time_days: 21 })).toBe(0);
    expect(leadDaysOf({ stock: null, lead_time_days: null })).toBe(0);
    // An order's estimate waits for its slowest made-to-order piece.
    expect(orderLeadDays({ orderItems: [{ lead_time_days: null }, { lead_time_days: 21 }, { lead_time_days: 14 }] })).toBe(21);
    expect(orderLeadDays({ orderItems: [{ lead_time_days: null }, {}] })).toBe(0);
  });
});

describe('media and routes', () => {
  it('treats mp4, webm and ogg as video and picks the first picture', () => {
    expect(isVideo('reel.MP4')).toBe(true);
    expect(isVideo('reel.ogg')).toBe(true);
    expect(isVideo('ring.jpg')).toBe(false);
    expect(firstImage([{ imageUrl: 'a.mp4', type: 'video' }, { imageUrl: 'b.jpg', type: 'image' }])).toBe('b.jpg');
  });

  it('asks the server only for its fixed widths', () => {
    const { src, srcSet } = imageSources('Products', 'ring.jpg', 480, 960);
    expect(src).toBe('/Products/ring.jpg?w=480');
    expect(srcSet.split(', ').map((s) => s.split(' ')[1])).toEqual(['240w', '360w', '480w', '720w', '960w']);
  });

  it('gives each category a readable path, telling apart two that slug alike', () => {
    expect(slugify('Gold Rings & Bands')).toBe('gold-rings-and-bands');
    const all = [
      { cate_id: 1, cate_name: 'Nose Pins' },
      { cate_id: 2, cate_name: 'Nose-Pins' },
      { cate_id: 3, cate_name: 'Rings' },
    ];
    expect(categoryPath(all[2], all)).toBe('/category/rings');
    expect(categoryPath(all[0], all)).toBe('/category/nose-pins-1');
    expect(categoryPath(all[1], all)).toBe('/category/nose-pins-2');
  });
});
