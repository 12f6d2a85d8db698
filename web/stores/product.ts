import { atom } from 'nanostores';
import type { components } from '../lib/api/schema.d.ts';
import { api } from '../lib/api/client.ts';

type Product = components['schemas']['Product'];

/**
 * The product on screen as the API answers it now: `product` null once the
 * API says it is gone. Pre-rendered pages may be a minute behind the back
 * office; this is read once per visit (web/lib/product-page.ts) and the
 * purchase island follows it whenever it hydrates.
 */
export const $freshProduct = atom<{ p_id: number; product: Product | null } | null>(null);

/** Asks POST /getproductbyid for the product; network trouble leaves the pre-rendered one standing. */
export async function refreshProduct(p_id: number): Promise<void> {
  try {
    const answer = await api.post('/getproductbyid', { p_id });
    if (answer.status === 1 && answer.data) $freshProduct.set({ p_id, product: answer.data as Product });
    else if (answer.status === 0) $freshProduct.set({ p_id, product: null });
  } catch {
    // Keep what the page was built with.
  }
}
