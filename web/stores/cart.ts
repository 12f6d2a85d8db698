import { atom } from 'nanostores';
import { api, NetworkError } from '../lib/api/client.ts';
import { loginPathHere } from '../lib/login-return.ts';
import { $user } from './session.ts';
import { toast } from './toast.ts';

/** Login-required redirects wait 1000 ms so the toast can be read (§4, §9). */
export const LOGIN_REDIRECT_MS = 1_000;

/** What a card, a strip or the detail page knows of a product to put it in the cart. */
export interface ProductForCart {
  p_id: number;
  cate_id: number;
  productcarats?: ReadonlyArray<{ pc_id: number; carat_id: number }> | null;
  /** Material ids (or objects carrying m_id), first one is the default. */
  materials?: ReadonlyArray<number | { m_id: number }> | null;
  /** Size ids (or objects carrying size_id), first one is the default. */
  size?: ReadonlyArray<number | { size_id: number }> | null;
}

/** The shopper's choice on the detail page; anything left out takes the §4 default. */
export interface CartChoice {
  pc_id?: number;
  carat_id?: number;
  m_id?: number;
  size_id?: number | null;
  quantity?: number;
}

/** The body of POST /createcart and /createwishlist (without u_id). */
export interface CartSelection {
  p_id: number;
  cate_id: number;
  pc_id: number;
  carat_id: number;
  m_id: number;
  size_id: number | null;
  quantity: number;
}

/** Number of lines in the shopper's cart (the header badge); 0 for visitors. */
export const $cartCount = atom(0);

const idOf = <K extends string>(value: number | Record<K, number>, key: K): number =>
  typeof value === 'number' ? value : value[key];

/**
 * The selection a quick add sends: the chosen values, else the first carat entry,
 * the first material, the first size and quantity 1 (§4). 'no-carat' or
 * 'no-material' when the product has nothing to sell it in.
 */
export function selectionFor(product: ProductForCart, choice: CartChoice = {}): CartSelection | 'no-carat' | 'no-material' {
  const carats = product.productcarats ?? [];
  const carat = choice.pc_id !== undefined ? carats.find((c) => c.pc_id === choice.pc_id) : carats[0];
  if (!carat) return 'no-carat';
  const firstMaterial = product.materials?.[0];
  const m_id = choice.m_id ?? (firstMaterial === undefined ? undefined : idOf(firstMaterial, 'm_id'));
  if (m_id === undefined) return 'no-material';
  const firstSize = product.size?.[0];
  const size_id = choice.size_id !== undefined ? choice.size_id : firstSize === undefined ? null : idOf(firstSize, 'size_id');
  return {
    p_id: product.p_id,
    cate_id: product.cate_id,
    pc_id: carat.pc_id,
    carat_id: carat.carat_id,
    m_id,
    size_id,
    quantity: Math.max(1, Math.floor(choice.quantity ?? 1)),
  };
}

/** Sends a visitor to /login after the login-required toast; the login brings them back here. */
export function requireLoginThenRedirect(message: string): void {
  toast.error(message);
  const target = loginPathHere();
  setTimeout(() => location.assign(target), LOGIN_REDIRECT_MS);
}

/**
 * The logged-in shopper and the selection an add sends, or null when there is none (said so):
 * a visitor is sent to log in with `loginMessage`, a product without a carat entry or a
 * material is refused.
 */
export function shopperSelection(product: ProductForCart, choice: CartChoice, loginMessage: string): { u_id: number; selection: CartSelection } | null {
  const user = $user.get();
  if (!user) {
    requireLoginThenRedirect(loginMessage);
    return null;
  }
  const selection = selectionFor(product, choice);
  if (selection === 'no-carat') {
    toast.error('No carat data available for this product');
    return null;
  }
  if (selection === 'no-material') {
    toast.error('Please select carat, and material.');
    return null;
  }
  return { u_id: user.u_id, selection };
}

/** Re-reads the cart line count for the header badge (GET /getcart/{u_id}). */
export async function refreshCartCount(): Promise<void> {
  const user = $user.get();
  if (!user) {
    $cartCount.set(0);
    return;
  }
  try {
    const answer = await api.get('/getcart/{u_id}', { u_id: user.u_id });
    $cartCount.set(answer.status === 1 && Array.isArray(answer.data) ? answer.data.length : 0);
  } catch {
    // The badge keeps its last count when the store cannot be reached.
  }
}

export interface AddToCartOptions {
  /** Go to /cart after a successful add, after this many ms (the reels strip waits 1000 ms). */
  goToCartAfterMs?: number;
}

/**
 * Adds a product to the logged-in shopper's cart with the §4 defaults and the
 * §4/§8 messages: visitors get 'Please log in to add items to your cart.' and go
 * to /login after 1 s; a product without a carat entry is refused; success shows
 * the server's description. Resolves true when the line was added.
 */
export async function addToCart(product: ProductForCart, choice: CartChoice = {}, options: AddToCartOptions = {}): Promise<boolean> {
  const picked = shopperSelection(product, choice, 'Please log in to add items to your cart.');
  if (!picked) return false;
  try {
    const answer = await api.post('/createcart', { u_id: picked.u_id, ...picked.selection });
    if (answer.status !== 1) {
      toast.error(answer.message || answer.description || 'Failed to add to cart.');
      return false;
    }
    toast.success(answer.description);
    void refreshCartCount();
    if (options.goToCartAfterMs !== undefined) setTimeout(() => location.assign('/cart'), options.goToCartAfterMs);
    return true;
  } catch (error) {
    toast.error(error instanceof NetworkError ? 'Failed to add to cart. Please try again.' : 'Failed to add to cart.');
    return false;
  }
}
