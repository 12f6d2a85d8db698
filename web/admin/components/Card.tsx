import type { FormEvent, ReactNode } from 'react';

export interface CardProps {
  /** The heading's id is `${id}-title`; the card is labelled by it. */
  id: string;
  title: string;
  /** The body (its own admin-card__body element: a list of facts, an address…). */
  children: ReactNode;
  /** Given, the card is a form submitted by its button. */
  onSubmit?: (event: FormEvent) => void;
}

/** A titled card of a screen: the heading in the card's head, then the body. */
export function Card({ id, title, children, onSubmit }: CardProps) {
  const head = (
    <header className="admin-card__head">
      <h2 id={`${id}-title`}>{title}</h2>
    </header>
  );
  return onSubmit ? (
    <form className="admin-card" aria-labelledby={`${id}-title`} onSubmit={onSubmit}>
      {head}
      {children}
    </form>
  ) : (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      {head}
      {children}
    </section>
  );
}

export interface SaveCardProps {
  id: string;
  title: string;
  /** What the button says: 'Save note'. */
  saveLabel: string;
  busy: boolean;
  /** Nothing typed differs from what is saved: the button stays off. */
  changed: boolean;
  onSave: () => void;
  children: ReactNode;
}

/** A card that is a small form: its fields, then a Save button on while something changed. */
export function SaveCard({ id, title, saveLabel, busy, changed, onSave, children }: SaveCardProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Card id={id} title={title} onSubmit={submit}>
      <div className="admin-card__body">
        {children}
        <button type="submit" className="btn btn--small" disabled={busy || !changed}>
          {busy ? 'Saving…' : saveLabel}
        </button>
      </div>
    </Card>
  );
}
