import { createRoot } from 'react-dom/client';
import SearchPanel from './SearchPanel.tsx';
import './search.css';

/**
 * Mounts the search island into the header's panel on first open (so pages
 * load no React for it), and answers the function that unmounts it.
 */
export function mountSearchPanel(container: HTMLElement, onClose: () => void): () => void {
  const root = createRoot(container);
  root.render(<SearchPanel onClose={onClose} />);
  return () => root.unmount();
}
