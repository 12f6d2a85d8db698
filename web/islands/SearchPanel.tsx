import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import { type CardProduct, ProductCard } from '../components/ProductCard.tsx';
import { api } from '../lib/api/client.ts';
import { $currency } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';

export interface SearchPanelProps {
  onClose: () => void;
}

/**
 * The header search (storefront.md §2, §4): fetches only when Search is
 * pressed with non-empty text changed since the last search; closing clears
 * text and results (the header unmounts the panel).
 */
export default function SearchPanel({ onClose }: SearchPanelProps) {
  const currency = useStore($currency);
  const [text, setText] = useState('');
  const [lastSearched, setLastSearched] = useState<string | null>(null);
  const [results, setResults] = useState<CardProduct[] | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);

  const search = async (event: React.FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!query || query === lastSearched) return;
    setBusy(true);
    setLastSearched(query);
    try {
      const answer = await api.post('/getreelproducts', { isReel: '0', search: query });
      if (answer.status === 1 && Array.isArray(answer.data)) setResults(answer.data as CardProduct[]);
      else {
        setResults([]);
        toast.error('Failed to fetch products.');
      }
    } catch {
      setResults([]);
      toast.error('Failed to fetch products.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container search">
      <form className="search__form" role="search" onSubmit={search}>
        <label htmlFor="site-search" className="visually-hidden">
          Search jewellery
        </label>
        <Icon name="search" size={20} className="search__icon" />
        <input
          ref={input}
          id="site-search"
          className="search__input"
          type="search"
          placeholder="Search rings, necklaces, 22K, diamond…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="btn btn--small" disabled={busy}>
          Search
        </button>
        <button type="button" className="icon-btn" aria-label="Close search" onClick={onClose}>
          <Icon name="close" />
        </button>
      </form>
      <div aria-live="polite">
        {busy ? <p className="search__note">Searching…</p> : null}
        {results && !busy ? (
          results.length ? (
            <>
              <p className="search__note">
                {results.length} result{results.length === 1 ? '' : 's'} for “{lastSearched}”
              </p>
              <div className="product-grid product-grid--4 search__grid">
                {results.map((product) => (
                  <ProductCard key={product.p_id} product={product} currency={currency} sizes="(min-width: 900px) 25vw, 50vw" />
                ))}
              </div>
            </>
          ) : (
            <p className="search__note">No jewellery matches “{lastSearched}”.</p>
          )
        ) : null}
      </div>
    </div>
  );
}
