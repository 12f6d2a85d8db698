import { atom, computed } from 'nanostores';
import { api } from '../lib/api/client.ts';
import { type CartChoice, type CartSelection, type ProductForCart, shopperSelection } from './cart.ts';
import { $user } from './session.ts';
import { toast } from './toast.ts';

/** What the storefront keeps of a wishlist line: which piece, in which selection. */
export interface WishedLine {
  w_id: number;
  p_id: number;
  pc_id: number;
  m_id: number;
  size_id: number | null;
}

/** The server's words when the same selection is added again. */
export const ALREADY_WISHED = 'This item is already in your wishlist.';

/**
 * The logged-in shopper's wishlist lines, shared by every heart on the page
 * (cards, the product page) and the wishlist page; null until read (and for
 * visitors, who have none).
 */
export const $wishlist = atom<WishedLine[] | null>(null);

/** The products in the wishlist, in any selection: a heart is filled for these. */
export const $wishedProducts = computed($wishlist, (lines) => new Set((lines ?? []).map((line) => line.p_id)));

let loadedFor: number | null = null;

/** Reads the shopper's wishlist once per page (GET /getwishlist/{u_id}); a visitor's is empty. */
export async function loadWishlist(force = false): Promise<void> {
  const user = $user.get();
  if (!user) {
    loadedFor = null;
    $wishlist.set(null);
    return;
  }
  if (!force && loadedFor === user.u_id) return;
  loadedFor = user.u_id;
  try {
    const answer = await api.get('/getwishlist/{u_id}', { u_id: user.u_id });
    if (answer.status === 1 && Array.isArray(answer.data)) setWishlist(answer.data as WishedLine[]);
  } catch {
    // The hearts stay as they are when the store cannot be reached.
    loadedFor = null;
  }
}

/** The whole wishlist as the API answered it (the wishlist page's own read). */
export function setWishlist(lines: ReadonlyArray<WishedLine>): void {
  $wishlist.set(lines.map(({ w_id, p_id, pc_id, m_id, size_id }) => ({ w_id, p_id, pc_id, m_id, size_id })));
}

/** Forgets a removed line (the wishlist page's remove and move to cart). */
export function forgetWishlistLine(w_id: number): void {
  const lines = $wishlist.get();
  if (lines) $wishlist.set(lines.filter((line) => line.w_id !== w_id));
}

const sameSelection = (line: WishedLine, selection: Pick<CartSelection, 'p_id' | 'pc_id' | 'm_id' | 'size_id'>) =>
  line.p_id === selection.p_id && line.pc_id === selection.pc_id && line.m_id === selection.m_id && line.size_id === selection.size_id;

/**
 * Adds a product to the logged-in shopper's wishlist with the same defaults as
 * the cart (§4); messages of §8: 'Item Added To Wishlist', the server's
 * description or 'Error Adding to Wishlist'. A card's heart (no `choice`) adds
 * the piece once, whatever its selection; the product page adds the selection
 * on screen. Adding what is already there says so: 'This item is already in
 * your wishlist.'. Resolves true when the piece is in the wishlist afterwards.
 */
export async function addToWishlist(product: ProductForCart, choice?: CartChoice): Promise<boolean> {
  const picked = shopperSelection(product, choice ?? {}, 'Please Login To Add Products To Wishlist');
  if (!picked) return false;
  const { selection } = picked;
  const lines = $wishlist.get() ?? [];
  if (lines.some((line) => (choice ? sameSelection(line, selection) : line.p_id === product.p_id))) {
    toast.success(ALREADY_WISHED);
    return true;
  }
  const { quantity: _quantity, ...wish } = selection;
  try {
    const answer = await api.post('/createwishlist', { u_id: picked.u_id, ...wish });
    const w_id = (answer.data as { w_id?: number } | null)?.w_id;
    if (answer.status !== 1 || typeof w_id !== 'number') {
      toast.error(answer.description || 'Error Adding to Wishlist');
      return false;
    }
    const current = $wishlist.get() ?? [];
    if (!current.some((line) => line.w_id === w_id)) $wishlist.set([...current, { w_id, p_id: wish.p_id, pc_id: wish.pc_id, m_id: wish.m_id, size_id: wish.size_id }]);
    // 'Item Added To Wishlist', or the server's 'already in your wishlist' for a line another tab added.
    toast.success(answer.description || 'Item Added To Wishlist');
    return true;
  } catch {
    toast.error('Error Adding to Wishlist');
    return false;
  }
}

const label = (name: string, wished: boolean) => (wished ? `${name} is in your wishlist` : `Add ${name} to wishlist`);

/** A heart's accessible name: whether the piece is in the wishlist, or the action. */
export const heartLabel = label;

/**
 * Keeps every heart on the page (`[data-wish-id]`, pre-rendered or drawn by an
 * island later) showing whether its piece is in the wishlist: aria-pressed
 * and its name. The wishlist is read once the shopper is known.
 */
export function initWishlistHearts(): void {
  const paint = (root: ParentNode) => {
    const wished = $wishedProducts.get();
    for (const heart of root.querySelectorAll<HTMLElement>('[data-wish-id]')) {
      const on = wished.has(Number(heart.dataset.wishId));
      if (heart.getAttribute('aria-pressed') !== String(on)) heart.setAttribute('aria-pressed', String(on));
      const name = heart.dataset.wishName;
      if (name) heart.setAttribute('aria-label', label(name, on));
    }
  };
  $wishedProducts.subscribe(() => paint(document));
  new MutationObserver((records) => {
    if (!$wishlist.get()?.length) return;
    for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLElement) paint(node.parentNode ?? node);
  }).observe(document.body, { childList: true, subtree: true });
  $user.subscribe((user) => {
    if (user) void loadWishlist();
    else $wishlist.set(null);
  });
}
