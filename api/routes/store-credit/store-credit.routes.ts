import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../auth.ts';
import { bearer, errorResponses, jsonOk } from '../../openapi/schemas.ts';

/** The checkout's choice to pay with store credit (issue 36), in /checkoutquote, /payment and /createorder. */
export const UseStoreCredit = z
  .boolean({ error: 'use_store_credit must be true or false.' })
  .optional()
  .openapi({
    description:
      'Pay with the caller\'s store credit (from exchanges) toward this order: the server uses all of the balance up to the order\'s total (rupee orders only), decided from the ledger when the order is placed (cash on delivery) or the payment opened (online; the provider is asked for the rest, which is then `order_amount`, and the credit is spent when the order is placed). Any amount a client sends for it is ignored. Store credit is a payment, not a discount: the totals, taxable value and GST are unchanged.',
  });

const Money = z.number().openapi({ description: 'Rupees.' });

export const StoreCreditEntry = z
  .object({
    sce_id: z.number().int(),
    kind: z.enum(['grant', 'use', 'give_back']).openapi({ description: 'grant: from a return\'s exchange; use: paid toward an order; give_back: that order was cancelled or refunded.' }),
    amount: Money.openapi({ description: 'Rupees; negative for a use.' }),
    balance_after: Money,
    r_id: z.number().int().nullable().openapi({ description: 'The return that granted it.' }),
    o_id: z.number().int().nullable().openapi({ description: 'The order that used it or gave it back.' }),
    text: z.string().openapi({ description: 'The entry in words, as the account shows it.' }),
    created_at: z.string().openapi({ description: 'ISO 8601 (UTC).' }),
  })
  .openapi('StoreCreditEntry');

export const StoreCredit = z
  .object({
    balance: Money,
    currency: z.enum(['INR']),
    balance_text: z.string().openapi({ description: 'The balance in words ("You have ₹12,500.50 of store credit to spend on your next order.").' }),
    entries: z.array(StoreCreditEntry).openapi({ description: 'Newest first (the last 200).' }),
  })
  .openapi('StoreCredit');

export const getStoreCredit = createRoute({
  method: 'get',
  path: '/getstorecredit',
  tags: ['Orders'],
  security: bearer,
  summary: 'The caller\'s store credit: balance and statement',
  description: 'Store credit comes from exchanges (a returned piece credited at its value) and is spent at checkout as a payment toward a new order (`use_store_credit`); a cancelled order gives back what it used.',
  middleware: [requireUser()] as const,
  responses: { 200: jsonOk(StoreCredit, 'The balance and its entries.'), 403: errorResponses[403] },
});
