import { downloadFile } from './download.ts';

/**
 * Opens a return's GST credit note (GET /creditnote/{r_id}, a PDF behind the bearer token),
 * for the shopper in My Returns and the returns desk alike. Answers null when it opened, else
 * the server's sentence.
 */
export function openCreditNote(r_id: number, credit_note_no: string): Promise<string | null> {
  return downloadFile(`/creditnote/${r_id}`, {
    fileName: `credit-note-${credit_note_no.replaceAll('/', '-')}.pdf`,
    type: 'application/pdf',
    failure: 'The credit note could not be downloaded.',
  });
}
