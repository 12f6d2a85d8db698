import { downloadFile } from './download.ts';

/**
 * Opens an order's GST tax invoice (GET /invoice/{o_id}, a PDF behind the
 * bearer token): fetched, then handed to the browser as a file. Answers null
 * when it opened, else the server's sentence.
 */
export function openInvoice(o_id: number, invoice_no: string): Promise<string | null> {
  return downloadFile(`/invoice/${o_id}`, {
    fileName: `invoice-${invoice_no.replaceAll('/', '-')}.pdf`,
    type: 'application/pdf',
    failure: 'The invoice could not be downloaded.',
  });
}
