/** The reviews carousel moves one visible width every 3 s and wraps to the start (§2, §9). */
export const REVIEW_STEP_MS = 3_000;

/** Customer Love: a scroll-snapping track that advances by its own width and wraps; arrows for everyone. */
export function initReviewCarousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  if (!track) return;
  let paused = false;
  const atEnd = () => track.scrollLeft + track.clientWidth >= track.scrollWidth - 4;
  const next = () => track.scrollTo({ left: atEnd() ? 0 : track.scrollLeft + track.clientWidth, behavior: 'smooth' });
  const previous = () =>
    track.scrollTo({ left: track.scrollLeft <= 4 ? track.scrollWidth : track.scrollLeft - track.clientWidth, behavior: 'smooth' });
  root.querySelector('[data-carousel-next]')?.addEventListener('click', next);
  root.querySelector('[data-carousel-prev]')?.addEventListener('click', previous);
  for (const [event, value] of [['mouseenter', true], ['mouseleave', false], ['focusin', true], ['focusout', false], ['touchstart', true]] as const) {
    root.addEventListener(event, () => (paused = value), { passive: true });
  }
  // It only moves while on screen: nobody reads it elsewhere, and scrolling costs work.
  let visible = false;
  new IntersectionObserver(([entry]) => (visible = entry.isIntersecting)).observe(track);
  window.setInterval(() => {
    if (!visible || paused || document.hidden || track.scrollWidth <= track.clientWidth) return;
    next();
  }, REVIEW_STEP_MS);
}
