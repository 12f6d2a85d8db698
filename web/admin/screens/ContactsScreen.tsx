import { useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { runChange } from '../actions.ts';
import { ListTable, Screen } from '../components/Screen.tsx';
import { formatDate } from '../format.ts';
import { usePagedList } from '../hooks/useList.ts';
import { useMay } from '../hooks/usePermissions.ts';
import type { ContactRow } from '../types.ts';

/**
 * Manage Contacts (§2): Name, Email, Message, Date, Delete (for those holding
 * customers.manage); the server pages the list (POST /contactinfo).
 */
export function ContactsScreen() {
  const list = usePagedList<ContactRow>(async (page, perPage) => {
    const answer = await api.post('/contactinfo', { page, perPage });
    return { ...answer, data: answer.data ? { rows: answer.data.contactData, total: answer.data.totalCount } : null };
  }, 'Failed To Fetch Contact Info', true);
  const [deleting, setDeleting] = useState<number | null>(null);
  const mayDelete = useMay('customers.manage') === true;

  const remove = async (contact: ContactRow) => {
    if (!window.confirm('Are you sure you want to delete this contact info?')) return;
    setDeleting(contact.c_id);
    const done = await runChange(() => api.delete('/deletecontactinfo', undefined, { c_id: contact.c_id }), 'Error Deleting Product...');
    setDeleting(null);
    if (done) void list.reload();
  };

  return (
    <Screen title="Manage Contacts" lead="Messages sent through the contact page.">
      <ListTable
        columns={['Name', 'Email', 'Message', 'Date']}
        actionsHeading={mayDelete ? 'Action' : null}
        list={list}
        emptyText="No contacts found"
        pager={{ ...list.pager, noun: 'contacts', label: 'Contact pages' }}
        rows={list.rows.map((contact) => (
          <tr key={contact.c_id}>
            <td className="admin-cell-strong">{contact.name}</td>
            <td>
              <a className="link" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </td>
            <td className="admin-message">{contact.message}</td>
            <td className="admin-num">{formatDate(contact.createdAt)}</td>
            {mayDelete && (
              <td className="admin-col-actions">
                <button type="button" className="admin-text-btn admin-text-btn--danger" onClick={() => void remove(contact)} disabled={deleting === contact.c_id} aria-label={`Delete the message from ${contact.name}`}>
                  Delete
                </button>
              </td>
            )}
          </tr>
        ))}
      />
    </Screen>
  );
}
