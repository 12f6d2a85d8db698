import { z } from '@hono/zod-openapi';
import { toMinor } from '../../../rules/money.ts';
import type { OrderLines } from '../../orders/place-order.ts';
import { Id } from '../../openapi/schemas.ts';
import { COUNTRIES, INDIAN_STATES } from '../../../rules/address.ts';
import { PAN_MESSAGE } from '../../../rules/compliance.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../rules/email.ts';
import { Quantity } from '../cart/cart.routes.ts';

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${message.replace(/ is required$/, '')} must be at most ${max} characters.`);

/** The shipping address fields with the checkout's own messages (storefront.md §5). */
export const AddressFields = {
  first_name: required('First name is required', 100),
  last_name: required('Last name is required', 100),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX_LENGTH, 'Invalid email format')
    .regex(EMAIL_PATTERN, 'Invalid email format'),
  phone_number: required('Phone number is required', 20)
    .regex(/^\+?[0-9][0-9 ()-]{4,19}$/, 'Invalid phone number')
    .openapi({
      description: 'The delivery phone: with its "+" code as written, without one a number of the destination country; refused ("Invalid phone number") when it is not one there. Kept and answered in E.164 ("+919876543210").',
    }),
  address: required('Address is required', 300),
  apartment: z.string({ error: 'Apartment must be text.' }).trim().max(200, 'Apartment must be at most 200 characters.').nullable().optional()
    .transform((v) => v ?? ''),
  city: required('City is required', 100),
  state: z
    .string({ error: 'State is required' })
    .trim()
    .max(100, 'State must be at most 100 characters.')
    .refine((v) => v !== '' && v !== 'Select State', 'State is required')
    .openapi({
      description: `In India one of the ${INDIAN_STATES.length} states and union territories (any case; answered as the list spells it): ${INDIAN_STATES.map((s) => s.name).join(', ')}. Abroad: the region (state, province, county) as the shopper writes it.`,
    }),
  zip_code: z
    .string({ error: 'ZIP code is required' })
    .trim()
    .max(12, 'ZIP code must be at most 12 characters.')
    .openapi({
      description: 'India: the 6-digit PIN code, of the state\'s postal circle ("PIN 395007 is in Gujarat, not Maharashtra." otherwise). Abroad: the postal code in that country\'s format (empty only where the country has none).',
    }),
  country: z
    .string({ error: 'country must be an ISO 3166 alpha-2 code (IN, US, GB, ...).' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'country must be an ISO 3166 alpha-2 code (IN, US, GB, ...).')
    .transform((v) => v.toUpperCase())
    .optional()
    .openapi({ description: `ISO 3166 alpha-2 of the destination; IN when absent. The shop ships to: ${COUNTRIES.map((c) => c.code).join(', ')}.` }),
};

/** The buyer's PAN: needed for an order of ₹2,00,000 or more (rules/compliance.ts). */
export const PanField = z
  .string({ error: PAN_MESSAGE })
  .trim()
  .max(20, PAN_MESSAGE)
  .nullable()
  .optional()
  .openapi({ description: 'The buyer\'s PAN (5 letters, 4 digits, a letter). Required when the order is worth ₹2,00,000 or more in India (Income-tax Rules r.114B); kept sealed, and answered masked (XXXXXX234F) except in the order\'s detail to staff holding `pan.view`.' });

/** An amount in rupees or dollars, as a number or numeric text; answered in minor units. */
export const Amount = (label: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/, `${label} must be an amount.`)], { error: `${label} is required.` })
    .transform(Number)
    .pipe(z.number().finite(`${label} must be an amount.`).min(0, `${label} must be an amount.`).max(1e10, `${label} must be an amount.`))
    .transform(toMinor)
    .openapi({ type: 'number', description: `${label}, rupees or dollars.` });

const NoSize = z
  .union([z.null(), z.literal(''), z.literal(0), z.literal('0'), Id])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? null : v));

/**
 * One entry of cartItems. With c_id: a line of the caller's cart (its stored
 * selection and quantity are used). Without c_id: a Buy Now selection.
 * Anything else an entry carries (a product object, names) is ignored.
 */
const CartItemEntry = z
  .object({
    c_id: Id.optional(),
    p_id: Id.optional(),
    pc_id: Id.optional(),
    carat_id: Id.optional(),
    m_id: Id.optional(),
    size_id: NoSize,
    quantity: Quantity.optional(),
  })
  .openapi('OrderCartItem', {
    description: 'A cart line `{ c_id }` (as /getcart answers it; other fields are ignored) or, without c_id, a Buy Now selection `{ p_id, pc_id, carat_id, m_id, size_id, quantity }`.',
  });

/** cartItems to the lines an order is for; missing or empty means the whole cart. */
export const CartItems = z
  .array(CartItemEntry, { error: 'cartItems must be a list.' })
  .max(100, 'An order holds at most 100 lines.')
  .optional()
  .transform((entries, ctx): OrderLines => {
    if (!entries || entries.length === 0) return { source: 'cart' };
    const buyNow = entries.filter((e) => e.c_id === undefined);
    if (buyNow.length === 0) return { source: 'cart', c_ids: entries.map((e) => e.c_id as number) };
    if (entries.length > 1) {
      ctx.addIssue({ code: 'custom', message: 'A Buy Now order holds one item; order your cart separately.' });
      return z.NEVER;
    }
    const [line] = buyNow;
    if (line.p_id === undefined || line.pc_id === undefined || line.carat_id === undefined || line.m_id === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Please select carat, size, and material.' });
      return z.NEVER;
    }
    return {
      source: 'buyNow',
      selection: { p_id: line.p_id, pc_id: line.pc_id, carat_id: line.carat_id, m_id: line.m_id, size_id: line.size_id },
      quantity: line.quantity ?? 1,
    };
  })
  .openapi({
    description:
      'Lines with c_id order those cart lines (the whole cart when cartItems is missing or empty). A single entry without c_id is a Buy Now line, priced from the catalogue and leaving the cart alone. Mixing both is refused.',
  });

export const PriceType = z
  .enum(['inr_price', 'usd_price'], { error: "priceType must be 'inr_price' or 'usd_price'." })
  .optional()
  .openapi({ description: 'The currency the shopper sees. It must be the account\'s: inr_price for +91, usd_price for every other country code. Default: the account\'s.' });

export const CouponName = z
  .string({ error: 'coupon_name must be text.' })
  .trim()
  .max(50, 'Invalid coupon!')
  .nullable()
  .optional()
  .openapi({ description: 'The coupon code as typed; matched uppercased against active coupons. Empty for none.' });

export const QuoteId = z
  .string({ error: 'quote_id must be text.' })
  .trim()
  .max(64, 'This price quote was not found. Please review your checkout again.')
  .optional()
  .openapi({
    description:
      'A quote from POST /checkoutquote: while it holds (locked_until) and the checkout is the one quoted (cart lines, coupon, destination), its prices, coupon, shipping and tax are charged whatever changed since; a lapsed quote or a changed checkout is refused with 409 so the shopper sees the new price. Without it, today\'s prices.',
  });

export const OwnUserId = Id.optional().openapi({ type: 'integer', description: 'The caller\'s own u_id (administrators may name anyone); another user\'s is refused with 403.' });
