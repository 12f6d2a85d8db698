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

  const hold = (event: Event) => {
    // Buttons and boxes act on click; text fields and selects work natively until the island is live.
    const target = (event.target as HTMLElement).closest<HTMLElement>('button, label, input[type="checkbox"], input[type="radio"]');
    if (!target || target.closest('[data-cart-product], [data-wish-product]')) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', hold, true);
    const target = held;
    held = null;
    target?.click();
  };

  for (const type of TRIGGERS) el.addEventListener(type, start, { passive: true });
  el.addEventListener('click', hold, true);
};

export default interaction;
