import { addToCart, type ProductForCart } from '../stores/cart.ts';
import { toast } from '../stores/toast.ts';
import { addToWishlist } from '../stores/wishlist.ts';

/** A recommendation's quick add needs carats, sizes and materials in its data (§5). */
function isComplete(product: ProductForCart): boolean {
  return Boolean(product.productcarats?.length && product.materials?.length && Array.isArray(product.size));
}

function productOf(button: HTMLElement, attribute: string): ProductForCart | null {
  try {
    return JSON.parse(button.getAttribute(attribute) ?? '') as ProductForCart;
  } catch {
    return null;
  }
}

/**
 * One delegated listener for every card's quick actions, pre-rendered or in an
 * island: `data-cart-product` adds to the cart (with `data-go-to-cart="<ms>"`
 * the strip then goes to /cart), `data-wish-product` adds to the wishlist.
 * A tapped card is highlighted on touch devices.
 */
export function initCardActions(): void {
  document.addEventListener('click', async (event) => {
    const target = event.target as HTMLElement | null;
    const cartButton = target?.closest<HTMLButtonElement>('[data-cart-product]');
    const wishButton = target?.closest<HTMLButtonElement>('[data-wish-product]');
    const button = cartButton ?? wishButton;
    if (!button || button.disabled) return;
    event.preventDefault();
    const product = productOf(button, cartButton ? 'data-cart-product' : 'data-wish-product');
    if (!product) return;
    if (button.hasAttribute('data-strict') && !isComplete(product)) {
      toast.error('Product data is incomplete. Please try again.');
      return;
    }
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    try {
      if (cartButton) {
        const delay = cartButton.dataset.goToCart;
        await addToCart(product, {}, delay === undefined ? {} : { goToCartAfterMs: Number(delay) });
      } else {
        await addToWishlist(product);
      }
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  });
  document.addEventListener(
    'touchstart',
    (event) => {
      const card = (event.target as HTMLElement | null)?.closest('.card');
      for (const tapped of document.querySelectorAll('.card.is-tapped')) if (tapped !== card) tapped.classList.remove('is-tapped');
      card?.classList.add('is-tapped');
    },
    { passive: true },
  );
}
