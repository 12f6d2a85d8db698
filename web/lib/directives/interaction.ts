import type { ClientDirective } from 'astro';

/** What starts hydration: the first sign someone is about to use the island. */
const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * `client:interaction`: an island whose pre-rendered HTML already shows
 * everything (a listing's first page) loads its code only when someone
 * reaches for it, so the page's first seconds carry no framework at all.
 * A click that arrives before the island is live is held and replayed on the
 * same element once it is (whenLive); the cards' quick actions are left alone (one
 * delegated listener on the document serves them, hydrated or not).
 */
/** How long a held click waits for the island to say it is live (see whenLive) before it is handed over anyway. */
const LIVE_WAIT_MS = 3000;

/**
 * Resolves once the island's component has run its first effect, which it marks
 * with a `data-island-live` attribute somewhere inside: Astro's hydrate() resolves
 * when React *starts* hydrating, and a click handed to a controlled checkbox before
 * React has finished is undone by React restoring the checkbox (the first tick was
 * lost that way). Islands that use `client:interaction="address"` set the mark; a
 * click waits for it at most LIVE_WAIT_MS.
 */
function whenLive(el: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (el.querySelector('[data-island-live]')) return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (el.querySelector('[data-island-live]')) done();
    });
    observer.observe(el, { attributes: true, subtree: true, childList: true, attributeFilter: ['data-island-live'] });
    const timer = setTimeout(done, LIVE_WAIT_MS);
  });
}

const interaction: ClientDirective = (load, options, el) => {
  let started = false;
  let held: HTMLElement | null = null;
  let heldPath: number[] = [];

  /** Where an element sits under the island, child index by child index. */
  const pathOf = (node: Element): number[] => {
    const path: number[] = [];
    for (let at: Element | null = node; at && at !== el; at = at.parentElement) {
      path.unshift(at.parentElement ? [...at.parentElement.children].indexOf(at) : 0);
    }
    return path;
  };
  const atPath = (path: number[]): HTMLElement | null => {
    let at: Element | undefined = el;
    for (const index of path) at = at?.children[index];
    return (at as HTMLElement | undefined) ?? null;
  };

  const hold = (event: Event) => {
    // Buttons and boxes act on click; text fields and selects work natively until the island is live.
    const target = (event.target as HTMLElement).closest<HTMLElement>('button, label, input[type="checkbox"], input[type="radio"]');
    if (!target || target.closest('[data-cart-product], [data-wish-product]')) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
    heldPath = pathOf(target);
    void start();
  };

  // Enter in a field submits a form without a click: hold that too, and submit again once live.
  let heldForm: HTMLFormElement | null = null;
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    heldForm = event.target as HTMLFormElement;
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    if ((held || heldForm) && options.value === 'address') await whenLive(el);
    el.removeEventListener('click', hold, true);
    el.removeEventListener('submit', holdSubmit, true);
    // If hydration had to re-render, the element clicked was replaced: find its successor in the same place.
    const target = held?.isConnected ? held : held ? atPath(heldPath) : null;
    held = null;
    // React hydrates in a transition: let it finish before the click is handed over.
    const form = heldForm;
    heldForm = null;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (target) target.click();
        else if (form?.isConnected) form.requestSubmit();
      }, 0),
    );
  };

  for (const type of TRIGGERS) el.addEventListener(type, start, { passive: true });
  el.addEventListener('click', hold, true);
  el.addEventListener('submit', holdSubmit, true);
  // `client:interaction="address"`: the island shows what the address asks for
  // (filters, sort, page), so an address with a query wakes it at once.
  if (options.value === 'address' && location.search.length > 1) void start();
};

export default interaction;
