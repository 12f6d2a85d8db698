import type { ReactNode } from 'react';
import { productPath } from '../../lib/routes.ts';
import { LineThumb } from '../parts.tsx';

/** What an order line shows of its piece: the product as it was sold (p_id null once it is gone). */
interface LineItem {
  p_id: number | null;
  product: { name: string; images: ReadonlyArray<{ imageUrl: string; type?: 'image' | 'video' }> };
}

/**
 * One line of an order in the account (Order History, Track Your Order): the piece's picture,
 * its name (a link to its page while it is still sold), what `children` says of it under the
 * name, and its amount at the right.
 */
export function OrderItemLine({ item, amount, testId, children }: { item: LineItem; amount: string; testId?: string; children: ReactNode }) {
  return (
    <li data-testid={testId}>
      <LineThumb images={item.product.images} size={56} />
      <span>
        {item.p_id ? (
          <a href={productPath(item.p_id)}>
            <strong>{item.product.name}</strong>
          </a>
        ) : (
          <strong>{item.product.name}</strong>
        )}
        {children}
      </span>
      <span className="num">{amount}</span>
    </li>
  );
}
