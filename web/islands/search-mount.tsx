import { createRoot } from 'react-dom/client';
import SearchPanel from './SearchPanel.tsx';

/**
 * Wakes the search island on first open (so pages load no React for it): it
 * adopts the header's pre-rendered form and text box, whatever was typed in
 * them already, and draws suggestions and results into `results`. Answers the
 * function that puts it to sleep again.
 */
export function mountSearchPanel(parts: { form: HTMLFormElement; input: HTMLInputElement; results: HTMLElement; listens: () => boolean }): () => void {
  const root = createRoot(parts.results);
  root.render(<SearchPanel form={parts.form} input={parts.input} listens={parts.listens} />);
  return () => root.unmount();
}
