import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { type CardProduct, ProductCard } from '../components/ProductCard.tsx';
import { priceColumn } from '../../rules/money.ts';
import { api } from '../lib/api/client.ts';
import { $currency } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';

export interface SearchPanelProps {
  /** The header's pre-rendered search form and its text box, adopted as they are (value, caret, focus). */
  form: HTMLFormElement;
  input: HTMLInputElement;
  /**
   * Called once the island listens to the form: answers whether the shopper pressed Search (or Enter)
   * before it did, in which case what the box holds is searched at once.
   */
  listens?: () => boolean;
}

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 250;
/** How many top results show while typing. */
const TOP_RESULTS = 4;

const searchPageOf = (text: string) => `/search?q=${encodeURIComponent(text)}`;

/**
 * The header search (storefront.md §2, §4): while the shopper types (debounced),
 * suggested words and the top results with their price in the shopper's currency;
 * Search (or Enter) shows the full results with Add to Cart, and a link to the
 * results page with filters (/search?q=). Closing clears text and results (the
 * header empties the box and unmounts the panel).
 *
 * The form is the header's plain HTML, there from the first paint: letters typed
 * before this island wakes stay in the box, so the island reads the box rather
 * than owning it, and draws only the suggestions and results.
 */
export default function SearchPanel({ form, input, listens }: SearchPanelProps) {
  const currency = useStore($currency);
  const [text, setText] = useState(() => input.value);
  const [lastSearched, setLastSearched] = useState<string | null>(null);
  const [results, setResults] = useState<CardProduct[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [top, setTop] = useState<{ text: string; products: CardProduct[]; total: number } | null>(null);
  const typing = useRef(0);

  // Suggestions and top results while typing: the latest text only, after a pause.
  useEffect(() => {
    const query = text.trim();
    const mine = ++typing.current;
    if (query.length < 2 || query === lastSearched) {
      setSuggestions([]);
      setTop(null);
      return;
    }
    const timer = setTimeout(async () => {
      try {
        const [words, page] = await Promise.all([
          api.post('/searchsuggestions', { q: query }),
          api.post('/getallproducts', { is_admin: 1, page: 1, perPage: TOP_RESULTS, filter: { countryCode: priceColumn(currency), search: query } }),
        ]);
        if (mine !== typing.current) return;
        setSuggestions(words.status === 1 && Array.isArray(words.data) ? (words.data as string[]).filter((w) => w !== query.toLowerCase()) : []);
        const data = page.data as { productData?: CardProduct[]; totalCount?: number } | null;
        setTop(page.status === 1 && data?.productData ? { text: query, products: data.productData, total: data.totalCount ?? 0 } : null);
      } catch {
        // Suggestions are a help while typing; Search still works without them.
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, currency]);

  const run = async (query: string) => {
    if (!query || query === lastSearched) return;
    typing.current++;
    setSuggestions([]);
    setTop(null);
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

  const runLatest = useRef(run);
  runLatest.current = run;

  // The box and the form are the header's: listen to them, and reflect busy and suggestions on them.
  useEffect(() => {
    const onInput = () => setText(input.value);
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      void runLatest.current(input.value.trim());
    };
    input.addEventListener('input', onInput);
    form.addEventListener('submit', onSubmit);
    // Typed between the first render and now: take it too.
    setText(input.value);
    if (listens?.()) void runLatest.current(input.value.trim());
    return () => {
      input.removeEventListener('input', onInput);
      form.removeEventListener('submit', onSubmit);
    };
  }, [form, input]);
  useEffect(() => {
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) submit.disabled = busy;
    return () => {
      if (submit) submit.disabled = false;
    };
  }, [form, busy]);
  useEffect(() => {
    if (suggestions.length) input.setAttribute('aria-describedby', 'search-suggestions');
    else input.removeAttribute('aria-describedby');
  }, [input, suggestions.length]);

  const pick = (word: string) => {
    input.value = word;
    setText(word);
    void run(word);
  };

  return (
    <>
      {suggestions.length ? (
        <ul id="search-suggestions" className="search__suggestions" aria-label="Suggestions">
          {suggestions.map((word) => (
            <li key={word}>
              <button type="button" className="search__suggestion" onClick={() => pick(word)}>
                {word}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div aria-live="polite">
        {top && !busy ? (
          top.products.length ? (
            <>
              <p className="search__note">
                Top results for “{top.text}” ·{' '}
                <a className="search__all" href={searchPageOf(top.text)}>
                  See all {top.total}
                </a>
              </p>
              <div className="product-grid product-grid--4 search__grid search__top">
                {top.products.map((product) => (
                  <ProductCard key={product.p_id} product={product} currency={currency} sizes="(min-width: 900px) 25vw, 50vw" />
                ))}
              </div>
            </>
          ) : (
            <p className="search__note">Nothing matches “{top.text}” yet: keep typing, or try another word.</p>
          )
        ) : null}
        {busy ? <p className="search__note">Searching…</p> : null}
        {results && !busy && !top ? (
          results.length ? (
            <>
              <p className="search__note">
                {results.length} result{results.length === 1 ? '' : 's'} for “{lastSearched}” ·{' '}
                <a className="search__all" href={searchPageOf(lastSearched ?? '')}>
                  Filter and sort these results
                </a>
              </p>
              <div className="product-grid product-grid--4 search__grid">
                {results.map((product) => (
                  <ProductCard key={product.p_id} product={product} currency={currency} sizes="(min-width: 900px) 25vw, 50vw" />
                ))}
              </div>
            </>
          ) : (
            <p className="search__note">
              No jewellery matches “{lastSearched}”. <a className="search__all" href={searchPageOf(lastSearched ?? '')}>See suggestions and best sellers</a>
            </p>
          )
        ) : null}
      </div>
    </>
  );
}
