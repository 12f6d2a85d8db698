import { createRoute, z } from '@hono/zod-openapi';
import { B2CL_THRESHOLD_RUPEES, MAX_REPORT_DAYS, isIndiaDay, REPORT_GROUPS, daysBetween } from '../../../../rules/reports.ts';
import { jsonOk } from '../../../openapi/schemas.ts';
import { adminErrors, adminRoute } from '../admin.schemas.ts';

/** Rupees with paise: 1234.5 is ₹1,234.50. Every amount of the reports is in rupees (a dollar order at the rate it was placed at). */
const rupees = (description?: string) => z.number().openapi(description ? { description } : {});
const count = (description?: string) => z.number().int().openapi(description ? { description } : {});

const day = (field: 'from' | 'to') => {
  const message = `${field} must be a day written YYYY-MM-DD.`;
  return z
    .string({ error: message })
    .trim()
    .refine(isIndiaDay, message)
    .openapi({ type: 'string', format: 'date', example: field === 'from' ? '2026-11-01' : '2026-11-30', description: `${field === 'from' ? 'First' : 'Last'} day of the period (a day in India, inclusive).` });
};

export const SalesQuery = z
  .object({
    from: day('from'),
    to: day('to'),
    group: z
      .enum(REPORT_GROUPS, { error: 'group must be day, week or month.' })
      .default('day')
      .openapi({ description: 'One series entry per day, per week (Monday to Sunday, named by its Monday) or per month (YYYY-MM).' }),
  })
  .superRefine((q, ctx) => {
    if (!isIndiaDay(q.from) || !isIndiaDay(q.to)) return;
    if (q.from > q.to) ctx.addIssue({ code: 'custom', message: 'from must not be after to.', path: ['from'] });
    else if (daysBetween(q.from, q.to) + 1 > MAX_REPORT_DAYS) {
      ctx.addIssue({ code: 'custom', message: `A report covers at most ${MAX_REPORT_DAYS} days; choose a shorter period.`, path: ['to'] });
    }
  });

const OrdersAndRevenue = z.object({ orders: count(), revenue: rupees('GST included.') });

export const SalesFigures = z
  .object({
    orders: count('Orders placed in the period, cancelled ones not counted.'),
    revenue: rupees('What those orders came to: GST, shipping included, coupons taken off.'),
    revenue_ex_gst: rupees('revenue without its GST.'),
    gst: rupees('The GST in revenue: each order\'s total split as its supply is taxed (rules/tax.ts splitInclusive; 0 for an export).'),
    average_order_value: rupees('revenue / orders, to the paisa (0 without orders).'),
    discounts: rupees('Coupon discounts given.'),
    shipping: rupees('Shipping charged.'),
    grams_by_carat: z.array(z.object({ carat: z.string().openapi({ example: '22K' }), grams: z.number().openapi({ description: 'Net metal weight, grams (3 decimals).' }), pieces: count() })),
    value: z
      .object({
        metal: rupees(),
        making: rupees(),
        stones: rupees(),
      })
      .openapi({ description: 'Metal, making and stones of the pieces sold, before GST, as each line was priced (rate-priced lines only).' }),
    payment: z
      .object({ cod: OrdersAndRevenue, online: OrdersAndRevenue, store_credit: OrdersAndRevenue })
      .openapi({ description: 'Orders not cancelled by how they were paid: cash on delivery, online, or wholly by store credit (an exchange\'s credit, issue 36). An order paid partly by store credit counts under the method of its remainder.' }),
    destination: z.object({ india: OrdersAndRevenue, abroad: OrdersAndRevenue }),
    cancelled: z.object({ orders: count(), value: rupees('Their totals: never in revenue.') }),
    refunds: z.object({ orders: count(), value: rupees('Given back, or being given back, on orders placed in the period.') }),
    returns: z
      .object({
        refunded: z.object({ returns: count(), value: rupees('Refunded to shoppers for pieces sent back.') }),
        exchanged: z.object({ returns: count(), value: rupees('Given as store credit for pieces exchanged.') }),
        bought_back: z.object({ returns: count(), value: rupees('Paid for gold bought back.') }),
      })
      .openapi({ description: 'Returns (issue 36) completed in the period, each on the day in India its refund, store credit or buy-back payout was given; a dollar order\'s at its own rate. Not taken out of revenue, which counts orders as placed.' }),
    customers: z.object({
      new: count('Customers whose first order that was not cancelled falls in the period.'),
      returning: count('Other customers who ordered in the period.'),
    }),
  })
  .openapi('SalesFigures');

const TopPiece = z.object({ p_id: z.number().int().nullable(), name: z.string(), pieces: count(), revenue: rupees() }).openapi('ReportTopPiece');
const TopCategory = z.object({ category: z.string(), pieces: count(), revenue: rupees() }).openapi('ReportTopCategory');

export const SalesTotals = SalesFigures.extend({
  top_pieces: z.array(TopPiece).openapi({ description: 'The ten pieces that brought most revenue.' }),
  top_categories: z.array(TopCategory).openapi({ description: 'Categories by revenue.' }),
}).openapi('SalesTotals');

export const SalesReport = z
  .object({
    from: z.string(),
    to: z.string(),
    group: z.enum(REPORT_GROUPS),
    currency: z.literal('INR'),
    totals: SalesTotals,
    series: z.array(SalesFigures.extend({ period: z.string().openapi({ example: '2026-11-03', description: 'YYYY-MM-DD (a day, or a week by its Monday) or YYYY-MM.' }) })),
    previous: z.object({ from: z.string(), to: z.string(), totals: SalesFigures }).openapi({ description: 'The same number of days just before `from` (without the top lists).' }),
  })
  .openapi('SalesReport');

export const salesReport = createRoute({
  ...adminRoute('reports.view'),
  method: 'get',
  path: '/reports/sales',
  summary: 'Sales over a period, by day, week or month, against the period before',
  description:
    'An order counts on the day it was placed, in India\'s time. Cancelled orders are counted apart (`cancelled`) and are in no other figure. ' +
    `Amounts in rupees; a dollar order converted at the rate kept when it was placed. At most ${MAX_REPORT_DAYS} days.`,
  request: { query: SalesQuery },
  responses: { 200: jsonOk(SalesReport, 'The report.'), ...adminErrors },
});

const StockValue = z.object({ metal: rupees(), making: rupees(), stones: rupees(), value: rupees('metal + making + stones + 3% GST, as the pieces would be priced today.') });

export const StockReport = z
  .object({
    at: z.string().openapi({ description: 'When the report was made (ISO 8601).' }),
    rates: z.array(z.object({ carat: z.string(), inr_per_gram: rupees('Today\'s rate; null when none was set.').nullable(), set_at: z.string().nullable() })),
    by_carat: z.array(
      StockValue.extend({
        carat: z.string(),
        rows: count('Carat rows with pieces in stock.'),
        pieces: count(),
        grams: z.number().openapi({ description: 'Net metal weight of the pieces, grams.' }),
        fixed_price_pieces: count('Pieces of fixed-price rows: valued at their listed price (in value), not split.'),
      }),
    ),
    totals: StockValue.extend({ pieces: count(), grams: z.number() }),
    made_to_order: z
      .object({
        orders: count('Pending or processing orders with a made-to-order line.'),
        pieces: count(),
        grams: z.number(),
        value: rupees('Those lines as sold, GST included.'),
        oldest_placed_at: z.string().nullable(),
      })
      .openapi({ description: 'The backlog of pieces still to make.' }),
    low_stock: z.array(z.object({ pc_id: z.number().int(), p_id: z.number().int(), name: z.string(), carat: z.string(), stock: count() })),
  })
  .openapi('StockReport');

export const stockReport = createRoute({
  ...adminRoute('reports.view'),
  method: 'get',
  path: '/reports/stock',
  summary: 'Stock at today\'s rate: pieces and grams per purity, the made-to-order backlog, low stock',
  responses: { 200: jsonOk(StockReport, 'The report.'), 403: adminErrors[403] },
});

export const Gstr1Query = z.object({
  month: z
    .string({ error: 'month must be written YYYY-MM.' })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be written YYYY-MM.')
    .openapi({ example: '2026-11', description: 'The month the invoices were issued in (India time).' }),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv.' }).default('json'),
});

const Item = z.object({ rt: z.number(), txval: rupees(), iamt: rupees(), csamt: rupees() });

export const Gstr1 = z
  .object({
    gstin: z.string(),
    fp: z.string().openapi({ example: '112026', description: 'Return period, MMYYYY.' }),
    version: z.string(),
    hash: z.string(),
    b2cl: z.array(
      z.object({
        pos: z.string().openapi({ description: 'Place of supply, GST state code.' }),
        inv: z.array(z.object({ inum: z.string(), idt: z.string().openapi({ description: 'DD-MM-YYYY' }), val: rupees(), itms: z.array(z.object({ num: z.number().int(), itm_det: Item })) })),
      }),
    ).openapi({ description: `Inter-state invoices to unregistered buyers above ₹${B2CL_THRESHOLD_RUPEES.toLocaleString('en-IN')} (Table 5).` }),
    b2cs: z.array(
      z.object({
        sply_ty: z.enum(['INTRA', 'INTER']),
        pos: z.string(),
        typ: z.literal('OE'),
        rt: z.number(),
        txval: rupees(),
        iamt: rupees(),
        camt: rupees(),
        samt: rupees(),
        csamt: rupees(),
      }),
    ).openapi({ description: 'Every other sale in India, by place of supply and rate, net of credit notes against them (Table 7).' }),
    exp: z.array(
      z.object({
        exp_typ: z.enum(['WOPAY', 'WPAY']),
        inv: z.array(z.object({ inum: z.string(), idt: z.string(), val: rupees(), itms: z.array(z.object({ rt: z.number(), txval: rupees(), iamt: rupees(), csamt: rupees() })) })),
      }),
    ).openapi({ description: 'Exports (Table 6A): under a letter of undertaking, without payment of IGST.' }),
    cdnur: z.array(
      z.object({
        typ: z.enum(['B2CL', 'EXPWOP', 'EXPWP']),
        ntty: z.literal('C'),
        nt_num: z.string(),
        nt_dt: z.string(),
        val: rupees(),
        pos: z.string().optional(),
        itms: z.array(z.object({ num: z.number().int(), itm_det: Item })),
      }),
    ).openapi({ description: 'Credit notes against B2C large invoices and exports (Table 9B).' }),
    hsn: z.object({
      hsn_b2c: z.array(
        z.object({
          num: z.number().int(),
          hsn_sc: z.string(),
          desc: z.string(),
          uqc: z.string(),
          qty: z.number(),
          rt: z.number(),
          txval: rupees(),
          iamt: rupees(),
          camt: rupees(),
          samt: rupees(),
          csamt: rupees(),
        }),
      ),
    }).openapi({ description: 'HSN summary (Table 12; B2C tab, as the portal splits it from May 2025), net of credit notes.' }),
    doc_issue: z.object({
      doc_det: z.array(
        z.object({
          doc_num: z.number().int().openapi({ description: '1 invoices for outward supply, 5 credit notes.' }),
          doc_typ: z.string(),
          docs: z.array(z.object({ num: z.number().int(), from: z.string(), to: z.string(), totnum: count(), cancel: count(), net_issue: count() })),
        }),
      ),
    }).openapi({ description: 'Documents issued in the month (Table 13).' }),
  })
  .openapi('Gstr1');

export const gstr1Report = createRoute({
  ...adminRoute('reports.view'),
  method: 'get',
  path: '/reports/gstr1',
  summary: 'GSTR-1 for a month: the GST portal offline tool\'s JSON, or CSV',
  description:
    'The invoices (and credit notes) issued in the month, in India\'s time, in the layout the GST portal\'s offline tool takes; amounts in rupees; ' +
    'the sections add up to the invoices to the paisa. `format=csv` answers one CSV with a `section` column (b2cl, b2cs, exp, cdnur, hsn, doc_issue). ' +
    'The JSON is the envelope\'s `data`: save `data` as the file to upload.',
  request: { query: Gstr1Query },
  responses: {
    200: {
      content: {
        'application/json': jsonOk(Gstr1, 'The return.').content['application/json'],
        'text/csv': { schema: z.string().openapi({ type: 'string', format: 'binary' }) },
      },
      description: 'The return, as JSON (the envelope) or CSV (a download).',
    },
    ...adminErrors,
  },
});
