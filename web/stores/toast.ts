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

let nextId = 1;

/** Shows a toast that closes itself after 3 s (or when dismissed). */
export function showToast(kind: ToastKind, message: string): void {
  const toast: Toast = { id: nextId++, kind, message };
  $toasts.set([...$toasts.get(), toast]);
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
