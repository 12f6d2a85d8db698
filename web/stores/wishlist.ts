import { api } from '../lib/api/client.ts';
import { type CartChoice, type ProductForCart, requireLoginThenRedirect, selectionFor } from './cart.ts';
import { $user } from './session.ts';
import { toast } from './toast.ts';

/**
 * Adds a product to the logged-in shopper's wishlist with the same defaults as
 * the cart (§4); messages of §8: 'Item Added To Wishlist', the server's
 * description or 'Error Adding to Wishlist'. Resolves true when added.
 */
export async function addToWishlist(product: ProductForCart, choice: CartChoice = {}): Promise<boolean> {
  const user = $user.get();
  if (!user) {
    requireLoginThenRedirect('Please Login To Add Products To Wishlist');
    return false;
  }
  const selection = selectionFor(product, choice);
  if (selection === 'no-carat') {
    toast.error('No carat data available for this product');
    return false;
  }
  if (selection === 'no-material') {
    toast.error('Please select carat, and material.');
    return false;
  }
  const { quantity: _quantity, ...wish } = selection;
  try {
    const answer = await api.post('/createwishlist', { u_id: user.u_id, ...wish });
    if (answer.status !== 1) {
      toast.error(answer.description || 'Error Adding to Wishlist');
      return false;
    }
    toast.success('Item Added To Wishlist');
    return true;
  } catch {
    toast.error('Error Adding to Wishlist');
    return false;
  }
}
