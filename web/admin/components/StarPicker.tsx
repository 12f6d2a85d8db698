import { useState } from 'react';
import { Icon } from '../../components/Icon.tsx';

export interface StarPickerProps {
  id: string;
  value: number;
  onChange: (rating: number) => void;
  invalid?: boolean;
}

/**
 * A 1 to 5 star rating picker built on radio buttons (inside the field's
 * fieldset), so arrow keys move between stars and a screen reader hears
 * '4 stars, 4 of 5'.
 */
export function StarPicker({ id, value, onChange, invalid }: StarPickerProps) {
  const [hover, setHover] = useState(0);
  const lit = hover || value;
  return (
    <div className="admin-stars" id={id} data-invalid={invalid || undefined} onMouseLeave={() => setHover(0)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className={`admin-star${n <= lit ? ' is-lit' : ''}`} onMouseEnter={() => setHover(n)}>
          <input type="radio" className="visually-hidden" name={id} value={n} checked={value === n} onChange={() => onChange(n)} />
          <Icon name="star" size={26} filled={n <= lit} />
          <span className="visually-hidden">
            {n} {n === 1 ? 'star' : 'stars'}
          </span>
        </label>
      ))}
    </div>
  );
}

/** A rating shown as five stars, read as 'Rated 4 out of 5'. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <span className="admin-stars-read" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} name="star" size={16} className={n <= rating ? undefined : 'is-off'} />
      ))}
    </span>
  );
}
