import { $toasts, dismissToast } from '../stores/toast.ts';

/**
 * The one toast host: renders the toast store into the live region of
 * Base.astro. Errors are announced assertively, successes politely.
 */
export function initToastHost(): void {
  const host = document.querySelector<HTMLElement>('[data-toast-host]');
  if (!host) return;
  const shown = new Map<number, HTMLElement>();
  $toasts.subscribe((toasts) => {
    const ids = new Set(toasts.map((t) => t.id));
    for (const [id, el] of shown) {
      if (!ids.has(id)) {
        el.remove();
        shown.delete(id);
      }
    }
    for (const toast of toasts) {
      if (shown.has(toast.id)) continue;
      const el = document.createElement('div');
      el.className = `toast toast--${toast.kind}`;
      el.setAttribute('role', toast.kind === 'error' ? 'alert' : 'status');
      el.dataset.toast = toast.kind;
      const text = document.createElement('p');
      text.textContent = toast.message;
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'toast__close';
      close.setAttribute('aria-label', 'Dismiss');
      close.textContent = '×';
      close.addEventListener('click', () => dismissToast(toast.id));
      el.append(text, close);
      host.append(el);
      shown.set(toast.id, el);
    }
  });
}
