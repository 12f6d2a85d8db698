import type { ReactNode } from 'react';

/** One numbered step of the checkout form: a panel with its number and title. */
export function Step({ n, title, testId, children }: { n: number; title: string; testId?: string; children: ReactNode }) {
  return (
    <fieldset className="panel" data-testid={testId}>
      <legend>
        <span className="panel__step">{n}</span>
        {title}
      </legend>
      {children}
    </fieldset>
  );
}
