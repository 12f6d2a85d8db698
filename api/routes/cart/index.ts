import { createRouter } from '../router.ts';
import {
  createCartHandler,
  createWishlistHandler,
  getCartHandler,
  getWishlistHandler,
  removeCartHandler,
  removeWishlistHandler,
  updateCartHandler,
} from './cart.handlers.ts';
import { createCart, createWishlist, getCart, getWishlist, removeCart, removeWishlist, updateCart } from './cart.routes.ts';

/** The caller's cart and wishlist (owner only). */
export function cartRoutes() {
  return createRouter()
    .openapi(createCart, createCartHandler)
    .openapi(getCart, getCartHandler)
    .openapi(updateCart, updateCartHandler)
    .openapi(removeCart, removeCartHandler)
    .openapi(createWishlist, createWishlistHandler)
    .openapi(getWishlist, getWishlistHandler)
    .openapi(removeWishlist, removeWishlistHandler);
}
