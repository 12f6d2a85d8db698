/** Scroll step of the reels strip's arrows (storefront.md §9). */
export const REEL_STEP_PX = 337;
/** Auto-scroll speed, in pixels per second. */
const AUTO_SPEED = 24;
/** Inertia: velocity kept per frame after a drag is released. */
const FRICTION = 0.95;

/**
 * The Follow Us on Instagram strip: arrows scroll by 337 px, the mouse drags it
 * with inertia, and it drifts on its own until someone hovers, focuses or
 * touches it. Videos play only while on screen.
 */
export function initReels(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-reels-track]');
  if (!track) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  root.querySelector('[data-reels-prev]')?.addEventListener('click', () => track.scrollBy({ left: -REEL_STEP_PX, behavior: 'smooth' }));
  root.querySelector('[data-reels-next]')?.addEventListener('click', () => track.scrollBy({ left: REEL_STEP_PX, behavior: 'smooth' }));

  let hovering = false;
  let dragging = false;
  let moved = 0;
  let velocity = 0;
  let lastX = 0;
  let lastT = 0;
  let inertia = 0;
  let position = track.scrollLeft;

  track.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'mouse' || event.button !== 0) return;
    if ((event.target as HTMLElement).closest('button, a')) return;
    dragging = true;
    moved = 0;
    velocity = 0;
    lastX = event.clientX;
    lastT = event.timeStamp;
    cancelAnimationFrame(inertia);
    track.setPointerCapture(event.pointerId);
    track.classList.add('is-dragging');
  });
  track.addEventListener('pointermove', (event) => {
    if (!dragging) return;
    const dx = event.clientX - lastX;
    const dt = Math.max(1, event.timeStamp - lastT);
    track.scrollLeft -= dx;
    position = track.scrollLeft;
    velocity = (-dx / dt) * 16;
    moved += Math.abs(dx);
    lastX = event.clientX;
    lastT = event.timeStamp;
  });
  const release = () => {
    if (!dragging) return;
    dragging = false;
    track.classList.remove('is-dragging');
    const glide = () => {
      if (Math.abs(velocity) < 0.5) return;
      track.scrollLeft += velocity;
      position = track.scrollLeft;
      velocity *= FRICTION;
      inertia = requestAnimationFrame(glide);
    };
    inertia = requestAnimationFrame(glide);
  };
  track.addEventListener('pointerup', release);
  track.addEventListener('pointercancel', release);
  // A drag is not a click on the card under the pointer.
  track.addEventListener('click', (event) => {
    if (moved > 6) {
      event.preventDefault();
      event.stopPropagation();
      moved = 0;
    }
  }, true);

  for (const [event, value] of [['mouseenter', true], ['mouseleave', false], ['focusin', true], ['focusout', false], ['touchstart', true]] as const) {
    root.addEventListener(event, () => (hovering = value), { passive: true });
  }

  // Drift only while the strip is on screen, so it costs nothing elsewhere on the page.
  let visible = false;
  let running = false;
  let previous = 0;
  const drift = (now: number) => {
    if (!visible) {
      running = false;
      return;
    }
    const dt = Math.min(64, now - previous);
    previous = now;
    if (!hovering && !dragging && Math.abs(velocity) < 0.5 && !document.hidden) {
      if (Math.abs(track.scrollLeft - position) > 2) position = track.scrollLeft;
      position += (AUTO_SPEED * dt) / 1000;
      if (position >= track.scrollWidth - track.clientWidth - 1) position = 0;
      track.scrollLeft = position;
    }
    requestAnimationFrame(drift);
  };
  if (!reduceMotion) {
    new IntersectionObserver(([entry]) => {
      visible = entry.isIntersecting;
      if (visible && !running) {
        running = true;
        previous = performance.now();
        requestAnimationFrame(drift);
      }
    }).observe(track);
  }

  const videos = track.querySelectorAll<HTMLVideoElement>('video');
  if (videos.length) {
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const video = entry.target as HTMLVideoElement;
        if (entry.isIntersecting && !reduceMotion) void video.play().catch(() => undefined);
        else video.pause();
      }
    });
    videos.forEach((v) => observer.observe(v));
  }
}
