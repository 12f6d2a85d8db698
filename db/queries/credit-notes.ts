/**
 * GST credit notes as kept (issue 36): a running number per financial year
 * (credit_note_counters, incremented in the caller's transaction, so numbers have no gap and
 * no twin) and the whole document (rules/credit-note.ts) stored with its figures, one per
 * return at most (credit_notes_r_id_unique).
 */

import type { DB } from '../connection.ts';
import type { CreditNoteDocument } from '../../rules/credit-note.ts';

/** The next credit note number of a financial year: its counter row, created at 1 or incremented, in the caller's transaction. */
export async function nextCreditNoteSequence(trx: DB, financialYear: number): Promise<number> {
  await trx
    .insertInto('credit_note_counters')
    .values({ financial_year: financialYear, last_number: 0 })
    .onConflict((oc) => oc.column('financial_year').doNothing())
    .execute();
  const row = await trx
    .updateTable('credit_note_counters')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('financial_year', '=', financialYear)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** Stores an issued credit note with the figures GSTR-1 reads (minor units). */
export async function insertCreditNote(trx: DB, note: { document: CreditNoteDocument; financialYear: number; sequence: number; issuedAt: Date }): Promise<void> {
  const d = note.document;
  await trx
    .insertInto('credit_notes')
    .values({
      credit_note_no: d.credit_note_no,
      r_id: d.r_id,
      o_id: d.o_id,
      invoice_no: d.invoice_no,
      financial_year: note.financialYear,
      sequence: note.sequence,
      issued_at: note.issuedAt.toISOString().slice(0, 19).replace('T', ' '),
      currency: d.currency,
      supply: d.supply,
      place_of_supply: d.buyer.state_code,
      gross: d.totals.gross,
      taxable: d.totals.taxable,
      cgst: d.totals.cgst,
      sgst: d.totals.sgst,
      igst: d.totals.igst,
      document: JSON.stringify(d),
    })
    .execute();
}

export function findCreditNote(db: DB, r_id: number) {
  return db.selectFrom('credit_notes').selectAll().where('r_id', '=', r_id).executeTakeFirst();
}
