import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** How long a toast stays (storefront.md §4, §9: 3 s). */
export const TOAST_MS = 3_000;

/** The toasts on screen, oldest first; the one toast host in Base.astro renders them. */
export const $toasts = atom<Toast[]>([]);

/** At most this many on screen, so quick steps (a return taken through its desk steps) do not pile up over the next dialog. */
export const MOST_TOASTS = 3;

let nextId = 1;

/**
 * Shows a toast that closes itself after 3 s (or when dismissed). The same words again replace the one
 * on screen (and its 3 s start again) rather than stacking, and the oldest goes beyond MOST_TOASTS.
 */
export function showToast(kind: ToastKind, message: string): void {
  const toast: Toast = { id: nextId++, kind, message };
  const others = $toasts.get().filter((t) => t.kind !== kind || t.message !== message);
  $toasts.set([...others, toast].slice(-MOST_TOASTS));
  setTimeout(() => dismissToast(toast.id), TOAST_MS);
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Shorthands: toast.success('Item Added To Wishlist'), toast.error('...'). */
export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
};
