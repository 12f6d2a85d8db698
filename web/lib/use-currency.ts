import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Currency } from '../../rules/money.ts';
import { $currency } from '../stores/session.ts';

/**
 * The shopper's currency inside an island. The first render matches the
 * pre-rendered HTML (rupees), so hydration never disagrees with the server;
 * the session's currency applies right after.
 */
export function useCurrency(): Currency {
  const currency = useStore($currency);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? currency : 'INR';
}
