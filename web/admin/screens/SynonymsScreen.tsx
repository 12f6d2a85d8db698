import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { runChange } from '../actions.ts';
import { TextField } from '../components/Field.tsx';
import { ConfirmDialog } from '../components/Modal.tsx';
import { IconAction, RowActions } from '../components/RowActions.tsx';
import { ListTable, Screen, Toolbar } from '../components/Screen.tsx';
import { useConfirmation } from '../hooks/useConfirmation.ts';
import { includesText, useClientTable, useList } from '../hooks/useList.ts';

/** A synonym as GET /getsearchsynonyms answers it. */
export interface SearchSynonym {
  syn_id: number;
  term: string;
  expands_to: string;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The server's rules (api/routes/admin/search), said before the request: the same sentences. */
export function synonymErrors(term: string, expandsTo: string): { term: string | null; expands_to: string | null } {
  const check = (value: string, label: string, max: number) => {
    const text = value.trim();
    if (!text) return `${label} is required.`;
    if (text.length > max) return `${label} must be at most ${max} characters.`;
    if (!LETTER_OR_DIGIT.test(text)) return `${label} must contain a letter or digit.`;
    return null;
  };
  return { term: check(term, 'Word', 40), expands_to: check(expandsTo, 'Catalogue word', 80) };
}

/**
 * Search synonyms: the jeweller's words the shop search understands (jhumka
 * finds earrings), listed by word, with an add form and a remove action
 * behind a confirmation. A change takes effect in the next search.
 */
export function SynonymsScreen() {
  const { items, setItems, ...list } = useList<SearchSynonym>(() => api.get('/getsearchsynonyms'), 'Failed To Fetch Synonym List.');
  const table = useClientTable(items, (s, q) => includesText(s.term, q) || includesText(s.expands_to, q));
  const removing = useConfirmation<SearchSynonym>(
    (synonym) => api.post('/deletesearchsynonym', { syn_id: synonym.syn_id }),
    'Error Removing Synonym...',
    (synonym) => setItems((list) => list.filter((s) => s.syn_id !== synonym.syn_id)),
  );

  return (
    <Screen title="Search Synonyms" lead="Words shoppers type and the catalogue word each one finds: a search for the word also finds what the catalogue word finds.">
      <AddSynonymForm onAdded={list.reload} />
      <Toolbar search={{ value: table.query, onChange: table.setQuery, placeholder: 'Search word or catalogue word', label: 'Search synonyms' }} />
      <ListTable
        numbered
        columns={['Word', 'Finds']}
        list={list}
        emptyText="No synonyms found"
        pager={{ ...table.pager, noun: 'synonyms', label: 'Synonym pages' }}
        rows={table.rows.map((synonym, index) => (
          <tr key={synonym.syn_id} data-testid="synonym-row">
            <td className="admin-col-no">{table.offset + index + 1}</td>
            <td>
              <span className="admin-cell-strong">{synonym.term}</span>
            </td>
            <td>{synonym.expands_to}</td>
            <RowActions>
              <IconAction icon="trash" label={`Remove ${synonym.term}`} title="Remove" onClick={() => removing.ask(synonym)} />
            </RowActions>
          </tr>
        ))}
      />
      {removing.record && (
        <ConfirmDialog
          title="Remove Synonym"
          message={
            <>
              Are you sure you want to remove <strong>{removing.record.term}</strong> → <strong>{removing.record.expands_to}</strong>? Searches for the word stop finding
              what the catalogue word finds.
            </>
          }
          confirmLabel="Remove"
          danger
          {...removing.dialog}
        />
      )}
    </Screen>
  );
}

/** The add form: the word and the catalogue word, checked as the server checks them; the server's refusal (a pair already there) shown under it. */
function AddSynonymForm({ onAdded }: { onAdded: () => void }) {
  const [term, setTerm] = useState('');
  const [expandsTo, setExpandsTo] = useState('');
  const [errors, setErrors] = useState<{ term: string | null; expands_to: string | null }>({ term: null, expands_to: null });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A change clears that field's message and the server's refusal.
  const typed = (field: 'term' | 'expands_to', value: string) => {
    (field === 'term' ? setTerm : setExpandsTo)(value);
    if (errors[field]) setErrors({ ...errors, [field]: null });
    setRefusal(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = synonymErrors(term, expandsTo);
    setErrors(found);
    setRefusal(null);
    if (found.term || found.expands_to) {
      document.getElementById(found.term ? 'synonym-term' : 'synonym-expands')?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await api.post('/addsearchsynonym', { term: term.trim(), expands_to: expandsTo.trim() });
      if (answer.status === 1) {
        await runChange(async () => answer, 'Error Adding Synonym...');
        setTerm('');
        setExpandsTo('');
        onAdded();
        document.getElementById('synonym-term')?.focus();
      } else {
        setRefusal(answer.description || 'Error Adding Synonym...');
      }
    } catch {
      setRefusal('Error Adding Synonym...');
    }
    setBusy(false);
  };

  return (
    <form className="admin-synonym-form" noValidate onSubmit={submit} aria-label="Add a synonym">
      <TextField id="synonym-term" label="Word shoppers type" error={errors.term} required hint="e.g. jhumka" value={term} maxLength={60} spellCheck={false} onValue={(value) => typed('term', value)} />
      <TextField id="synonym-expands" label="Catalogue word it finds" error={errors.expands_to} required hint="e.g. earrings" value={expandsTo} maxLength={100} spellCheck={false} onValue={(value) => typed('expands_to', value)} />
      <button type="submit" className="btn btn--small" disabled={busy}>
        {busy ? 'Adding…' : 'Add Synonym'}
      </button>
      {refusal ? (
        <p className="field-error admin-synonym-form__refusal" role="alert">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
