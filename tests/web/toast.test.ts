import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, MOST_TOASTS, TOAST_MS, dismissToast, toast } from '../../web/stores/toast.ts';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of $toasts.get()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it('the same words again replace the toast on screen and keep it 3 s from the last time', () => {
    toast.success('Return updated.');
    vi.advanceTimersByTime(2_000);
    toast.success('Return updated.');
    expect($toasts.get().map((t) => t.message)).toEqual(['Return updated.']);
    vi.advanceTimersByTime(2_000);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(TOAST_MS - 2_000);
    expect($toasts.get()).toEqual([]);
  });

  it('different words stack, oldest first, at most three, and each goes after 3 s', () => {
    toast.success('Item Added To Wishlist');
    toast.error('Failed to fetch products.');
    expect($toasts.get().map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Item Added To Wishlist'],
      ['error', 'Failed to fetch products.'],
    ]);
    toast.success('Return updated.');
    toast.success('Coupon applied');
    expect($toasts.get()).toHaveLength(MOST_TOASTS);
    expect($toasts.get().map((t) => t.message)).toEqual(['Failed to fetch products.', 'Return updated.', 'Coupon applied']);
    vi.advanceTimersByTime(TOAST_MS);
    expect($toasts.get()).toEqual([]);
  });

  it('a success and an error with the same words are two toasts', () => {
    toast.success('Saved');
    toast.error('Saved');
    expect($toasts.get().map((t) => t.kind)).toEqual(['success', 'error']);
  });
});
