import { useCallback, useEffect, useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import { api } from '../lib/api/client.ts';
import { type CartLine, lineTotal, totalsOf } from '../lib/checkout.ts';
import { formatMoney } from '../../rules/money.ts';
import { MAX_QUANTITY } from '../../rules/orders.ts';
import { useCurrency } from '../lib/use-currency.ts';
import { clearBuyNow } from '../stores/buy-now.ts';
import { $cartCount, requireLoginThenRedirect } from '../stores/cart.ts';
import { $user } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';
import { EMPTY_LINKS, JourneyEmpty, LoadFailed } from './JourneyEmpty.tsx';
import { LineActions, lineName, LineRow, LinesHead, LineTable, OrderSummary, PriceCell, useBusyLines } from './LineItems.tsx';
import { Skeleton, useSessionUser } from './parts.tsx';

/**
 * The cart (§2, §5, §8): a table of product, description, quantity (a stepper
 * that never goes below 1), price, total and actions (remove), and a summary
 * with subtotal, shipping 'Free' and total. Every change keeps the header's
 * cart count in step. Proceed to Checkout needs a login.
 */
export default function Cart() {
  const user = useSessionUser();
  const currency = useCurrency();
  const [lines, setLines] = useState<CartLine[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, working] = useBusyLines();

  const show = (next: CartLine[]) => {
    setLines(next);
    $cartCount.set(next.length);
  };

  const load = useCallback(async (u_id: number) => {
    setFailed(false);
    try {
      const answer = await api.get('/getcart/{u_id}', { u_id });
      if (answer.status === 1 && Array.isArray(answer.data)) show(answer.data);
      else {
        toast.error(answer.description || 'Failed to fetch your cart.');
        show([]);
      }
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    if (user === undefined) return;
    if (user === null) setLines([]);
    else void load(user.u_id);
  }, [user?.u_id, load]);

  const changeQuantity = async (line: CartLine, quantity: number) => {
    const u_id = $user.get()?.u_id;
    if (!u_id || quantity < 1 || quantity > MAX_QUANTITY) return;
    working(line.c_id, true);
    try {
      const answer = await api.put('/updatecart', { u_id, c_id: line.c_id, quantity });
      if (answer.status === 1) {
        setLines((current) => current?.map((l) => (l.c_id === line.c_id ? { ...l, quantity } : l)) ?? current);
        toast.success('Quantity updated');
      } else {
        toast.error('Failed to update quantity');
      }
    } catch {
      toast.error('Error updating quantity');
    } finally {
      working(line.c_id, false);
    }
  };

  const remove = async (line: CartLine) => {
    const u_id = $user.get()?.u_id;
    if (!u_id) return;
    working(line.c_id, true);
    try {
      const answer = await api.delete('/removecart', { c_id: line.c_id, u_id });
      if (answer.status === 1) {
        setLines((current) => {
          const next = current?.filter((l) => l.c_id !== line.c_id) ?? [];
          $cartCount.set(next.length);
          return next;
        });
        toast.success('Item removed from cart');
        // The focus was on the removed row's button: keep it in the cart.
        document.querySelector<HTMLElement>('#cart-title')?.focus();
      } else {
        toast.error('Failed to remove item');
      }
    } catch {
      toast.error('Error removing item');
    } finally {
      working(line.c_id, false);
    }
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

  if (user === undefined || (user && lines === null && !failed)) return <Skeleton height={420} label="Loading your cart…" />;

  if (failed) return <LoadFailed what="cart" onRetry={() => user && void load(user.u_id)} />;

  if (!user) {
    return (
      <JourneyEmpty
        icon="bag"
        title="Your cart is waiting"
        text="Log in to see the pieces in your cart. It is kept with your account, on every device you use."
        links={[EMPTY_LINKS.logIn, EMPTY_LINKS.browseAll]}
      />
    );
  }

  if (!lines || lines.length === 0) {
    return (
      <JourneyEmpty
        icon="bag"
        title="Your cart is empty"
        titleId="cart-title"
        text="Find something you love in our collection of handcrafted 18K and 22K gold."
        links={[EMPTY_LINKS.continueShopping, EMPTY_LINKS.browseAll]}
      />
    );
  }

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

