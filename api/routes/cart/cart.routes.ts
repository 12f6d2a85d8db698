import { createRoute, z } from '@hono/zod-openapi';
import { MAX_QUANTITY } from '../../orders/pricing.ts';
import { requireUser } from '../../auth.ts';
import { bearer, errorResponses, Id, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { Product } from '../catalogue/catalogue.schemas.ts';

/** A whole number sent as a number or as digits (never a fraction, a boolean or a list). */
export const Quantity = z
  .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'Quantity must be a whole number.')], {
    error: 'Quantity must be a whole number.',
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .int('Quantity must be a whole number.')
      .min(1, 'Quantity must be at least 1.')
      .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}.`),
  )
  .openapi({ type: 'integer', minimum: 1, maximum: MAX_QUANTITY });

const RequiredId = (label: string) => Id.openapi({ type: 'integer', description: label });

/** No size: null, empty, 0 or missing (only for a product without sizes). */
const SizeId = z
  .union([z.null(), z.literal(''), z.literal(0), z.literal('0'), Id])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? null : v))
  .openapi({ type: ['integer', 'null'], description: 'The size; null (or missing) only for a product without sizes.' });

const OwnUserId = Id.optional().openapi({
  type: 'integer',
  description: 'The caller\'s own u_id (administrators may name anyone); another user\'s is refused with 403. Defaults to the caller.',
});

/** A selection as the storefront sends it; cate_id is accepted and ignored (the product\'s own is stored). */
const SelectionFields = {
  u_id: OwnUserId,
  p_id: RequiredId('The product.'),
  pc_id: RequiredId('One of the product\'s carat entries (productcarats[].pc_id).'),
  carat_id: RequiredId('The carat of that entry.'),
  cate_id: Id.optional().openapi({ type: 'integer', description: 'Ignored: the product\'s own category is stored.' }),
  m_id: RequiredId('One of the product\'s materials.'),
  size_id: SizeId,
};

export const CreateCartBody = z
  .object({ ...SelectionFields, quantity: Quantity.optional().openapi({ description: 'Default 1.' }) })
  .openapi('CreateCartBody');
export const CreateWishlistBody = z.object(SelectionFields).openapi('CreateWishlistBody');
export const UpdateCartBody = z.object({ u_id: OwnUserId, c_id: RequiredId('The cart line.'), quantity: Quantity }).openapi('UpdateCartBody');
export const RemoveCartBody = z.object({ u_id: OwnUserId, c_id: RequiredId('The cart line.') }).openapi('RemoveCartBody');
export const RemoveWishlistBody = z.object({ u_id: OwnUserId, w_id: RequiredId('The wishlist line.') }).openapi('RemoveWishlistBody');
const UserParam = z.object({
  u_id: Id.openapi({ type: 'integer', param: { name: 'u_id', in: 'path' }, description: 'The caller\'s own u_id.' }),
});

const LineDetails = {
  p_id: z.number().int(),
  pc_id: z.number().int(),
  carat_id: z.number().int(),
  cate_id: z.number().int(),
  m_id: z.number().int(),
  size_id: z.number().int().nullable(),
  u_id: z.number().int(),
  available: z.boolean().openapi({ description: 'false when the product was withdrawn since, the carat entry chosen is out of sale (its prices are then null), or the product no longer offers the material or size chosen (its name is then null); such a line cannot be ordered.' }),
  carat_name: z.string().nullable(),
  material_name: z.string().nullable(),
  size_name: z.string().nullable(),
  inr_price: z.number().nullable().openapi({ description: 'Rupees, the chosen carat entry.' }),
  usd_price: z.number().nullable().openapi({ description: 'Dollars, the chosen carat entry.' }),
  product: Product.nullable(),
};

export const CartItem = z.object({ c_id: z.number().int(), quantity: z.number().int(), ...LineDetails }).openapi('CartItem');
export const WishlistItem = z.object({ w_id: z.number().int(), ...LineDetails }).openapi('WishlistItem');

const refusals = {
  400: errorResponses[400],
  403: errorResponses[403],
  404: errorResponses[404],
} as const;

export const createCart = createRoute({
  method: 'post',
  path: '/createcart',
  tags: ['Cart'],
  security: bearer,
  summary: 'Add a selection to the caller\'s cart',
  description:
    'The selection must be real: pc_id is one of the product\'s carat entries and names carat_id, m_id is one of its materials, size_id one of its sizes (null only when it has none), the product and its category active. The same selection again raises that line\'s quantity (at most ' +
    MAX_QUANTITY +
    ').',
  middleware: [requireUser()] as const,
  request: { body: jsonBody(CreateCartBody) },
  responses: {
    201: jsonOk(z.object({ c_id: z.number().int(), quantity: z.number().int() }), 'A new cart line.'),
    200: jsonOk(z.object({ c_id: z.number().int(), quantity: z.number().int() }), 'The same selection was in the cart: its quantity rose.'),
    ...refusals,
    409: errorResponses[409],
  },
});

export const getCart = createRoute({
  method: 'get',
  path: '/getcart/{u_id}',
  tags: ['Cart'],
  security: bearer,
  summary: 'The caller\'s cart',
  description: '`data` is the list of cart lines, oldest first, each with its `product` (the catalogue\'s shape) and the chosen carat\'s names and prices.',
  middleware: [requireUser()] as const,
  request: { params: UserParam },
  responses: { 200: jsonOk(z.array(CartItem), 'The cart lines.'), 400: errorResponses[400], 403: errorResponses[403] },
});

export const updateCart = createRoute({
  method: 'put',
  path: '/updatecart',
  tags: ['Cart'],
  security: bearer,
  summary: 'Change a cart line\'s quantity',
  middleware: [requireUser()] as const,
  request: { body: jsonBody(UpdateCartBody) },
  responses: { 200: jsonOk(z.object({ c_id: z.number().int(), quantity: z.number().int() }), 'Quantity updated.'), ...refusals },
});

export const removeCart = createRoute({
  method: 'delete',
  path: '/removecart',
  tags: ['Cart'],
  security: bearer,
  summary: 'Remove a cart line',
  middleware: [requireUser()] as const,
  request: { body: jsonBody(RemoveCartBody) },
  responses: { 200: jsonOk(z.null(), 'Removed.'), ...refusals },
});

export const createWishlist = createRoute({
  method: 'post',
  path: '/createwishlist',
  tags: ['Cart'],
  security: bearer,
  summary: 'Add a selection to the caller\'s wishlist',
  description: 'The selection is checked as for the cart. The same selection again is answered with the existing line (status 1, 200).',
  middleware: [requireUser()] as const,
  request: { body: jsonBody(CreateWishlistBody) },
  responses: {
    201: jsonOk(z.object({ w_id: z.number().int() }), 'Added.'),
    200: jsonOk(z.object({ w_id: z.number().int() }), 'Already in the wishlist.'),
    ...refusals,
  },
});

export const getWishlist = createRoute({
  method: 'get',
  path: '/getwishlist/{u_id}',
  tags: ['Cart'],
  security: bearer,
  summary: 'The caller\'s wishlist',
  description: '`data` is the list of wishlist lines, oldest first, each with its `product`.',
  middleware: [requireUser()] as const,
  request: { params: UserParam },
  responses: { 200: jsonOk(z.array(WishlistItem), 'The wishlist lines.'), 400: errorResponses[400], 403: errorResponses[403] },
});

export const removeWishlist = createRoute({
  method: 'delete',
  path: '/removewishlist',
  tags: ['Cart'],
  security: bearer,
  summary: 'Remove a wishlist line',
  middleware: [requireUser()] as const,
  request: { body: jsonBody(RemoveWishlistBody) },
  responses: { 200: jsonOk(z.null(), 'Removed.'), ...refusals },
});
