import type { ClientDirective } from 'astro';

/** What starts hydration: the first sign someone is about to use the island. */
const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * `client:interaction`: an island whose pre-rendered HTML already shows
 * everything (a listing's first page) loads its code only when someone
 * reaches for it, so the page's first seconds carry no framework at all.
 * A click that arrives before the island is live is held and replayed on the
 * same element once it is; the cards' quick actions are left alone (one
 * delegated listener on the document serves them, hydrated or not).
 */
const interaction: ClientDirective = (load, _options, el) => {
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
};

export default interaction;
