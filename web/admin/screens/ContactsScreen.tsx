import { useCallback, useEffect, useRef, useState } from 'react';
import { api, request } from '../../lib/api/client.ts';
import { toast } from '../../stores/toast.ts';
import { query, runChange } from '../actions.ts';
import { Pager } from '../components/Pager.tsx';
import { Screen, TableStateRow } from '../components/Screen.tsx';
import { formatLongDate } from '../format.ts';
import type { ContactPage, ContactRow } from '../types.ts';

/** Contacts are paged by the server, 10 per page (§9). */
const PER_PAGE = 10;

/**
 * Manage Contacts (§2): Name, Email, Message, Date, Delete; the server pages
 * the list (POST /contactinfo).
 */
export function ContactsScreen() {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<ContactRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [deleting, setDeleting] = useState<number | null>(null);
  const latest = useRef(0);

  const load = useCallback(async (wanted: number) => {
    const call = ++latest.current;
    setLoading(true);
    let data: ContactPage = { contactData: [], totalCount: 0 };
    try {
      const answer = await api.post('/contactinfo', { page: wanted, perPage: PER_PAGE });
      if (answer.status === 1 && answer.data && Array.isArray(answer.data.contactData)) data = answer.data;
      else throw new Error(answer.description);
    } catch (error) {
      console.error('Failed To Fetch Contact Info', error);
      if (call === latest.current) toast.error('Failed To Fetch Contact Info');
    }
    if (call !== latest.current) return;
    // Deleting the last row of the last page shows the page before it.
    if (data.contactData.length === 0 && data.totalCount > 0 && wanted > 1) {
      setPage(Math.ceil(data.totalCount / PER_PAGE));
      return;
    }
    setRows(data.contactData);
    setTotal(data.totalCount);
    setLoading(false);
  }, []);

  useEffect(() => {
    void load(page);
  }, [load, page]);

  const remove = async (contact: ContactRow) => {
    if (!window.confirm('Are you sure you want to delete this contact info?')) return;
    setDeleting(contact.c_id);
    const done = await runChange(() => request('delete', `/deletecontactinfo${query({ c_id: contact.c_id })}`), 'Error Deleting Product...');
    setDeleting(null);
    if (done) void load(page);
  };

  return (
    <Screen title="Manage Contacts" lead="Messages sent through the contact page.">
      <div className="admin-card">
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Message</th>
                <th scope="col">Date</th>
                <th scope="col" className="admin-col-actions">
                  Action
                </th>
              </tr>
            </thead>
            <tbody>
              <TableStateRow colSpan={5} loading={loading} empty={rows.length === 0} emptyText="No contacts found" />
              {rows.map((contact) => (
                <tr key={contact.c_id}>
                  <td className="admin-cell-strong">{contact.name}</td>
                  <td>
                    <a className="link" href={`mailto:${contact.email}`}>
                      {contact.email}
                    </a>
                  </td>
                  <td className="admin-message">{contact.message}</td>
                  <td className="admin-num">{formatLongDate(contact.createdAt)}</td>
                  <td className="admin-col-actions">
                    <button type="button" className="admin-text-btn admin-text-btn--danger" onClick={() => void remove(contact)} disabled={deleting === contact.c_id} aria-label={`Delete the message from ${contact.name}`}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={page} pageSize={PER_PAGE} total={total} onPage={setPage} noun="contacts" label="Contact pages" />
      </div>
    </Screen>
  );
}
