import { useState } from 'react';

/**
 * The add/edit form a list screen opens: `open(what)` shows it, `formProps`
 * close it on Cancel, and on a save close it and fetch the list again.
 */
export function useEditing<E>(reload: () => Promise<void>) {
  const [editing, setEditing] = useState<E | null>(null);
  return {
    editing,
    open: (what: E) => setEditing(what),
    formProps: {
      onClose: () => setEditing(null),
      onSaved: () => {
        setEditing(null);
        void reload();
      },
    },
  };
}
