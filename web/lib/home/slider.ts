/** Slider timing (storefront.md §9): a new banner every 6 s, with a 1 s fade (the CSS transition). */
export const SLIDE_MS = 6_000;

/**
 * The home banner slider: one `.is-active` slide at a time, fading; dots to
 * choose a slide; pauses while hovered or focused, and when the tab is hidden.
 */
export function initSlider(root: HTMLElement): void {
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-slide-dot]')];
  if (slides.length < 2) return;
  let current = 0;
  let paused = false;
  // A banner loads its picture when it is about to show, not with the page.
  const load = (slide: HTMLElement | undefined) => {
    for (const img of slide?.querySelectorAll<HTMLImageElement>('img[loading="lazy"]') ?? []) img.loading = 'eager';
  };
  let preload: number | undefined;
  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    load(slides[current]);
    slides.forEach((slide, i) => {
      slide.classList.toggle('is-active', i === current);
      slide.setAttribute('aria-hidden', String(i !== current));
      // A hidden slide's link is not reachable by Tab either.
      slide.toggleAttribute('inert', i !== current);
    });
    dots.forEach((dot, i) => dot.setAttribute('aria-current', i === current ? 'true' : 'false'));
    window.clearTimeout(preload);
    preload = window.setTimeout(() => load(slides[(current + 1) % slides.length]), SLIDE_MS - 2_000);
  };
  dots.forEach((dot, i) =>
    dot.addEventListener('click', () => {
      show(i);
      restart();
    }),
  );
  let timer: number | undefined;
  const restart = () => {
    window.clearInterval(timer);
    timer = window.setInterval(() => {
      if (!paused && !document.hidden) show(current + 1);
    }, SLIDE_MS);
  };
  root.addEventListener('mouseenter', () => (paused = true));
  root.addEventListener('mouseleave', () => (paused = false));
  root.addEventListener('focusin', () => (paused = true));
  root.addEventListener('focusout', () => (paused = false));
  show(0);
  restart();
}
