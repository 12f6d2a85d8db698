import { Icon } from '../components/Icon.tsx';
import { api } from '../lib/api/client.ts';
import type { WishlistLine } from '../lib/checkout.ts';
import { useCurrency } from '../lib/use-currency.ts';
import { addToCart } from '../stores/cart.ts';
import { $user } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';
import { forgetWishlistLine, setWishlist } from '../stores/wishlist.ts';
import { EMPTY_LINKS, journeyGate, type JourneyPage } from './JourneyEmpty.tsx';
import { LineActions, lineName, LineRow, LinesHead, LineTable, PriceCell, useBusyLines, useShopperLines } from './LineItems.tsx';

/** The lines as the API answers them. */
const readWishlist = (u_id: number) => api.get('/getwishlist/{u_id}', { u_id });

/** What the wishlist says while it loads, to a visitor, and empty. */
const WISHLIST_PAGE: JourneyPage = {
  name: 'wishlist',
  height: 360,
  visitor: { icon: 'heart', title: 'Save the pieces you love', text: 'Log in to keep a wishlist with your account and come back to it on any device.', links: [EMPTY_LINKS.logIn, EMPTY_LINKS.browseAll] },
  empty: { icon: 'heart', title: 'Your wishlist is empty', titleId: 'wishlist-title', text: 'Tap the heart on any piece to save it here for later.', links: [EMPTY_LINKS.browseAll] },
};

/**
 * The wishlist (§2): a table of the saved pieces, each with Add To Cart (the
 * piece moves to the cart with the carat, material and size it was saved with)
 * and a remove action.
 */
export default function Wishlist() {
  const currency = useCurrency();
  const list = useShopperLines<WishlistLine>(readWishlist, 'Failed to fetch your wishlist.', setWishlist);
  const { setLines } = list;
  const [busy, working] = useBusyLines();

  /** Removes a line; `quiet` when it moved to the cart (the cart's message was shown). */
  const removeLine = async (line: WishlistLine, quiet = false): Promise<boolean> => {
    const u_id = $user.get()?.u_id;
    if (!u_id) return false;
    try {
      const answer = await api.delete('/removewishlist', { w_id: line.w_id, u_id });
      if (answer.status === 1) {
        setLines((current) => current?.filter((l) => l.w_id !== line.w_id) ?? current);
        forgetWishlistLine(line.w_id);
        // The wishlist's removal reuses the cart's words (§8).
        if (!quiet) toast.success('Item removed from cart');
        document.querySelector<HTMLElement>('#wishlist-title')?.focus();
        return true;
      }
      if (!quiet) toast.error(answer.description || 'Failed to remove item');
    } catch {
      if (!quiet) toast.error('Error removing item');
    }
    return false;
  };

  const remove = async (line: WishlistLine) => {
    working(line.w_id, true);
    await removeLine(line);
    working(line.w_id, false);
  };

  const moveToCart = async (line: WishlistLine) => {
    working(line.w_id, true);
    const added = await addToCart(
      {
        p_id: line.p_id,
        cate_id: line.cate_id,
        productcarats: [{ pc_id: line.pc_id, carat_id: line.carat_id }],
        materials: [line.m_id],
        size: line.size_id === null ? [] : [line.size_id],
      },
      { pc_id: line.pc_id, m_id: line.m_id, size_id: line.size_id, quantity: 1 },
    );
    if (added) await removeLine(line, true);
    working(line.w_id, false);
  };

  const gate = journeyGate(list, WISHLIST_PAGE);
  if (gate.shown) return gate.shown;
  const { lines } = gate;

  return (
    <div>
      <LinesHead titleId="wishlist-title" title="My Wishlist" pieces={lines.length} />
      <LineTable testId="wishlist-table" caption="Pieces in your wishlist" columns={['Product', 'Description', 'Price', 'Actions']}>
        {lines.map((line) => {
          const name = lineName(line);
          const isBusy = busy.has(line.w_id);
          return (
            <LineRow key={line.w_id} line={line} busy={isBusy} testId="wishlist-line" unavailableNote="No longer available.">
              <PriceCell line={line} currency={currency} />
              <LineActions name={name} from="wishlist" busy={isBusy} onRemove={() => void remove(line)}>
                <button
                  type="button"
                  className="btn btn--small"
                  disabled={isBusy || !line.available}
                  aria-label={`Add ${name} to cart`}
                  onClick={() => void moveToCart(line)}
                >
                  <Icon name="bag" size={16} /> Add To Cart
                </button>
              </LineActions>
            </LineRow>
          );
        })}
      </LineTable>
    </div>
  );
}
