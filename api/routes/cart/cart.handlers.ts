import type { RouteHandler } from '@hono/zod-openapi';
import {
  addToCart,
  addToWishlist,
  listCart,
  listWishlist,
  removeCartLine,
  removeWishlistLine,
  setCartQuantity,
} from '../../../db/queries/cart.ts';
import { soldOutMessage } from '../../../db/queries/stock.ts';
import { assertOwnUser } from '../../auth.ts';
import type { AppEnv } from '../../context.ts';
import { conflictError, invalidError, notFoundError } from '../../../rules/errors.ts';
import { created, ok } from '../../errors.ts';
import { checkSelection, MAX_QUANTITY, type ResolvedSelection } from '../../orders/pricing.ts';
import type { createCart, createWishlist, getCart, getWishlist, removeCart, removeWishlist, updateCart } from './cart.routes.ts';

/** The user a request acts on: the u_id it names (the caller's own, or anyone for an administrator) or the caller. */
function ownerOf(c: { var: AppEnv['Variables'] }, u_id: number | undefined): number {
  const target = u_id ?? c.var.caller.u_id;
  assertOwnUser(c.var.caller, target);
  return target;
}

const stored = (s: ResolvedSelection) => ({ p_id: s.p_id, pc_id: s.pc_id, carat_id: s.carat_id, cate_id: s.cate_id, m_id: s.m_id, size_id: s.size_id });

export const createCartHandler: RouteHandler<typeof createCart, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const u_id = ownerOf(c, body.u_id);
  const { db } = c.var.deps;
  const selection = await checkSelection(db, body);
  const { stock } = selection.caratPricing;
  if (stock !== null && stock < (body.quantity ?? 1)) throw conflictError(soldOutMessage(selection, stock));
  const result = await addToCart(db, u_id, stored(selection), body.quantity ?? 1, MAX_QUANTITY);
  if ('tooMany' in result) throw invalidError(`You can have at most ${MAX_QUANTITY} of one item in your cart.`);
  const data = { c_id: result.c_id, quantity: result.quantity };
  return result.created ? created(c, 'Product added to cart successfully', data) : ok(c, 'Product added to cart successfully', data);
};

export const getCartHandler: RouteHandler<typeof getCart, AppEnv> = async (c) => {
  const u_id = ownerOf(c, c.req.valid('param').u_id);
  return ok(c, 'Cart items.', await listCart(c.var.deps.db, u_id));
};

export const updateCartHandler: RouteHandler<typeof updateCart, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const u_id = ownerOf(c, body.u_id);
  if (!(await setCartQuantity(c.var.deps.db, u_id, body.c_id, body.quantity))) throw notFoundError('This item is not in your cart.');
  return ok(c, 'Quantity updated', { c_id: body.c_id, quantity: body.quantity });
};

export const removeCartHandler: RouteHandler<typeof removeCart, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const u_id = ownerOf(c, body.u_id);
  if (!(await removeCartLine(c.var.deps.db, u_id, body.c_id))) throw notFoundError('This item is not in your cart.');
  return ok(c, 'Item removed from cart', null);
};

export const createWishlistHandler: RouteHandler<typeof createWishlist, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const u_id = ownerOf(c, body.u_id);
  const { db } = c.var.deps;
  const selection = await checkSelection(db, body);
  const result = await addToWishlist(db, u_id, stored(selection));
  return result.created
    ? created(c, 'Item Added To Wishlist', { w_id: result.w_id })
    : ok(c, 'This item is already in your wishlist.', { w_id: result.w_id });
};

export const getWishlistHandler: RouteHandler<typeof getWishlist, AppEnv> = async (c) => {
  const u_id = ownerOf(c, c.req.valid('param').u_id);
  return ok(c, 'Wishlist items.', await listWishlist(c.var.deps.db, u_id));
};

export const removeWishlistHandler: RouteHandler<typeof removeWishlist, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const u_id = ownerOf(c, body.u_id);
  if (!(await removeWishlistLine(c.var.deps.db, u_id, body.w_id))) throw notFoundError('This item is not in your wishlist.');
  return ok(c, 'Item removed from wishlist', null);
};
