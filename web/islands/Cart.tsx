import { useEffect } from 'react';
import { Icon } from '../components/Icon.tsx';
import { api } from '../lib/api/client.ts';
import { type CartLine, lineTotal, totalsOf } from '../lib/checkout.ts';
import { formatMoney } from '../../rules/money.ts';
import { MAX_QUANTITY } from '../../rules/orders.ts';
import { useCurrency } from '../lib/use-currency.ts';
import { clearBuyNow } from '../stores/buy-now.ts';
import { $cartCount, requireLoginThenRedirect } from '../stores/cart.ts';
import { $user } from '../stores/session.ts';
import { EMPTY_LINKS, journeyGate, type JourneyPage } from './JourneyEmpty.tsx';
import { changeLine, LineActions, lineName, LineRow, LinesHead, LineTable, OrderSummary, PriceCell, useBusyLines, useShopperLines } from './LineItems.tsx';

/** The lines as the API answers them. */
const readCart = (u_id: number) => api.get('/getcart/{u_id}', { u_id });

/** What the cart says while it loads, to a visitor, and empty. */
const CART_PAGE: JourneyPage = {
  name: 'cart',
  height: 420,
  visitor: { icon: 'bag', title: 'Your cart is waiting', text: 'Log in to see the pieces in your cart. It is kept with your account, on every device you use.', links: [EMPTY_LINKS.logIn, EMPTY_LINKS.browseAll] },
  empty: { icon: 'bag', title: 'Your cart is empty', titleId: 'cart-title', text: 'Find something you love in our collection of handcrafted 18K and 22K gold.', links: [EMPTY_LINKS.continueShopping, EMPTY_LINKS.browseAll] },
};

/**
 * The cart (§2, §5, §8): a table of product, description, quantity (a stepper
 * that never goes below 1), price, total and actions (remove), and a summary
 * with subtotal, shipping 'Free' and total. Every change keeps the header's
 * cart count in step. Proceed to Checkout needs a login.
 */
export default function Cart() {
  const currency = useCurrency();
  const list = useShopperLines<CartLine>(readCart, 'Failed to fetch your cart.');
  const { lines: shown, setLines } = list;
  const [busy, working] = useBusyLines();
  // Every change keeps the header's cart count in step.
  useEffect(() => {
    if (shown) $cartCount.set(shown.length);
  }, [shown]);

  const changeQuantity = (line: CartLine, quantity: number) => {
    const u_id = $user.get()?.u_id;
    if (!u_id || quantity < 1 || quantity > MAX_QUANTITY) return;
    void changeLine(
      (on) => working(line.c_id, on),
      () => api.put('/updatecart', { u_id, c_id: line.c_id, quantity }),
      () => setLines((current) => current?.map((l) => (l.c_id === line.c_id ? { ...l, quantity } : l)) ?? current),
      { done: 'Quantity updated', refused: 'Failed to update quantity', unreachable: 'Error updating quantity' },
    );
  };

  const remove = (line: CartLine) => {
    const u_id = $user.get()?.u_id;
    if (!u_id) return;
    void changeLine(
      (on) => working(line.c_id, on),
      () => api.delete('/removecart', { c_id: line.c_id, u_id }),
      () => {
        setLines((current) => current?.filter((l) => l.c_id !== line.c_id) ?? []);
        // The focus was on the removed row's button: keep it in the cart.
        document.querySelector<HTMLElement>('#cart-title')?.focus();
      },
      { done: 'Item removed from cart', refused: 'Failed to remove item', unreachable: 'Error removing item' },
    );
  };

  const proceed = () => {
    if (!$user.get()?.auth_token) {
      requireLoginThenRedirect('Please log in to proceed to checkout.');
      return;
    }
    // A Buy Now left over in this tab must not replace the cart at checkout.
    clearBuyNow();
    location.assign('/checkout');
  };

  const gate = journeyGate(list, CART_PAGE);
  if (gate.shown) return gate.shown;
  const { lines } = gate;

  const totals = totalsOf(lines, currency);
  const unavailable = lines.some((l) => !l.available);
  const count = lines.reduce((sum, l) => sum + l.quantity, 0);

  return (
    <div className="bag">
      <div>
        <LinesHead titleId="cart-title" title="Shopping Cart" pieces={count} />
        <LineTable testId="cart-table" caption="Items in your cart" columns={['Product', 'Description', 'Quantity', 'Price', 'Total', 'Actions']}>
          {lines.map((line) => {
            const name = lineName(line);
            const isBusy = busy.has(line.c_id);
            return (
              <LineRow key={line.c_id} line={line} busy={isBusy} testId="cart-line" unavailableNote="No longer available. Please remove it.">
                <td className="cell-qty" data-label="Quantity">
                  <div className="stepper">
                    <button
                      type="button"
                      aria-label={`Decrease quantity of ${name}`}
                      disabled={isBusy || line.quantity <= 1}
                      onClick={() => void changeQuantity(line, line.quantity - 1)}
                    >
                      <Icon name="minus" size={16} />
                    </button>
                    <output aria-live="polite" aria-label={`Quantity of ${name}`}>
                      {line.quantity}
                    </output>
                    <button
                      type="button"
                      aria-label={`Increase quantity of ${name}`}
                      disabled={isBusy || line.quantity >= MAX_QUANTITY || !line.available}
                      onClick={() => void changeQuantity(line, line.quantity + 1)}
                    >
                      <Icon name="plus" size={16} />
                    </button>
                  </div>
                </td>
                <PriceCell line={line} currency={currency} />
                <td className="cell-total num" data-label="Total">
                  {formatMoney(lineTotal(line, currency), currency)}
                </td>
                <LineActions name={name} from="cart" busy={isBusy} onRemove={() => void remove(line)} />
              </LineRow>
            );
          })}
        </LineTable>
      </div>
      <OrderSummary of="cart" totals={totals} currency={currency}>
        <div className="summary__actions">
          {unavailable ? <p className="field-error">Remove the pieces that are no longer available to check out.</p> : null}
          <button type="button" className="btn btn--block" onClick={proceed} disabled={unavailable}>
            Proceed to Checkout
          </button>
        </div>
        <div className="summary__links">
          <a href="/">Continue Shopping</a>
          <a href="/allproducts">All Products</a>
        </div>
        <p className="summary__note">
          <Icon name="lock" size={18} /> Secure checkout. Every piece BIS hallmarked.
        </p>
      </OrderSummary>
    </div>
  );
}

