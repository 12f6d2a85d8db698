import { $cartCount, refreshCartCount } from '../stores/cart.ts';
import { $isLoggedIn, $user } from '../stores/session.ts';

/**
 * The header's behaviour, without a framework (it runs on every page, the
 * legal ones included, within their small script budget): side menu, search
 * panel (its React island is loaded on first open), the user link, the cart
 * badge, and the stored order data. Menu and search close on every route
 * change, including a page restored from the back-forward cache.
 */
export function initHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  const menu = document.querySelector<HTMLElement>('[data-side-menu]');
  const menuButton = document.querySelector<HTMLButtonElement>('[data-menu-open]');
  const searchToggle = document.querySelector<HTMLButtonElement>('[data-search-toggle]');
  const searchPanel = document.querySelector<HTMLElement>('[data-search-panel]');
  if (!header || !menu || !menuButton || !searchToggle || !searchPanel) return;

  const openMenu = () => {
    closeSearch();
    menu.hidden = false;
    menuButton.setAttribute('aria-expanded', 'true');
    document.body.style.overflow = 'hidden';
    menu.querySelector<HTMLElement>('[data-menu-close].icon-btn')?.focus();
  };
  const closeMenu = (returnFocus = false) => {
    if (menu.hidden) return;
    menu.hidden = true;
    menuButton.setAttribute('aria-expanded', 'false');
    document.body.style.overflow = '';
    if (returnFocus) menuButton.focus();
  };
  menuButton.addEventListener('click', openMenu);
  for (const el of menu.querySelectorAll('[data-menu-close]')) el.addEventListener('click', () => closeMenu(true));
  menu.addEventListener('click', (event) => {
    if ((event.target as HTMLElement).closest('a')) closeMenu();
  });

  // The search form is pre-rendered: the box takes focus on the click that opens it, so nothing typed
  // while the island's code arrives is lost (nor does a space press a button); the island adopts it.
  const searchForm = searchPanel.querySelector<HTMLFormElement>('[data-search-form]');
  const searchInput = searchForm?.querySelector<HTMLInputElement>('input[name="q"]');
  const searchResults = searchPanel.querySelector<HTMLElement>('[data-search-results]');
  let unmountSearch: (() => void) | undefined;
  let opening = false;
  // The island listens to the form's submit only once its effects have run, a while after it is mounted
  // on a slow phone: until it says it is listening, a Search or Enter is held here and handed to it.
  let listening = false;
  let held = false;
  const islandListens = () => {
    listening = true;
    const wasHeld = held;
    held = false;
    return wasHeld;
  };
  const closeSearch = () => {
    if (searchPanel.hidden) return;
    searchPanel.hidden = true;
    searchToggle.setAttribute('aria-expanded', 'false');
    // Closing search clears text and results (§4): the box is emptied and the island unmounted.
    if (searchInput) searchInput.value = '';
    held = false;
    listening = false;
    unmountSearch?.();
    unmountSearch = undefined;
  };
  const openSearch = async () => {
    closeMenu();
    searchPanel.hidden = false;
    searchToggle.setAttribute('aria-expanded', 'true');
    searchInput?.focus();
    if (opening || !searchForm || !searchInput || !searchResults) return;
    opening = true;
    try {
      const { mountSearchPanel } = await import('../islands/search-mount.tsx');
      // Closed again while the code was on its way: it wakes on the next open.
      if (searchPanel.hidden || unmountSearch) return;
      unmountSearch = mountSearchPanel({ form: searchForm, input: searchInput, results: searchResults, listens: islandListens });
    } catch {
      // The island's code did not arrive: a held search goes to the results page, as plain HTML does.
      opening = false;
      if (held && !searchPanel.hidden) searchForm.requestSubmit();
    } finally {
      opening = false;
    }
  };
  // Search pressed (or Enter) before the island listens: held, and searched the moment it does.
  // Should its code fail to arrive, the form goes to the results page (/search?q=) as plain HTML does.
  searchForm?.addEventListener('submit', (event) => {
    if (listening || (!opening && !unmountSearch)) return;
    event.preventDefault();
    held = true;
  });
  searchPanel.querySelector('[data-search-close]')?.addEventListener('click', () => {
    closeSearch();
    searchToggle.focus();
  });
  searchToggle.addEventListener('click', () => (searchPanel.hidden ? void openSearch() : closeSearch()));

  // The open side menu is modal: Tab cycles through its own links and buttons.
  menu.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = [...menu.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    if (!menu.hidden) closeMenu(true);
    else if (!searchPanel.hidden) {
      closeSearch();
      searchToggle.focus();
    }
  });
  // A route change: a new page starts closed; one restored from the back-forward cache is closed here.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) {
      closeMenu();
      closeSearch();
    }
  });
  window.addEventListener('popstate', () => {
    closeMenu();
    closeSearch();
  });

  const userLink = header.querySelector<HTMLAnchorElement>('[data-user-link]');
  $isLoggedIn.subscribe((loggedIn) => {
    if (!userLink) return;
    userLink.href = loggedIn ? '/orderconfirm' : '/login';
    userLink.setAttribute('aria-label', loggedIn ? 'My account' : 'Log in');
  });

  const badge = header.querySelector<HTMLElement>('[data-cart-count]');
  const cartLink = header.querySelector<HTMLAnchorElement>('[data-cart-link]');
  $cartCount.subscribe((count) => {
    if (badge) {
      badge.hidden = count === 0;
      badge.textContent = String(count);
    }
    cartLink?.setAttribute('aria-label', count ? `Cart, ${count} item${count === 1 ? '' : 's'}` : 'Cart');
  });

  $user.subscribe((user) => {
    if (!user) return;
    void refreshCartCount();
    // Only a shopper has orders: their code loads for them alone.
    void import('../stores/orders.ts').then(({ loadOrderDataOnce }) => loadOrderDataOnce());
  });

  // The promo bar shows the offer as the build saw it; checking it with the API waits until the page is idle,
  // and so does its code (web/lib/promo-offer.ts), which the first paint does not need.
  const bar = document.querySelector<HTMLElement>('[data-promo-offer]');
  const idle = (window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 300))) as (cb: () => void) => void;
  if (bar) idle(() => void import('./promo-offer.ts').then(({ initPromoOffer }) => initPromoOffer(bar)));
}
