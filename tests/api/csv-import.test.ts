/**
 * POST /import/products (issue 37): the CSV round trip (export, edit a price and the return
 * flags and add a product, the dry run says exactly that and changes nothing, the import applies
 * it in one transaction recorded in the audit trail), the dry run's refusals row by row (bad
 * flags, a product changed since the export, a stock both sides changed), a refused import
 * changing nothing, pieces sold after the export staying sold, a back-office edit between the
 * plan and the write or at the same moment never undone, a file that is not CSV, the size
 * limit, the permissions, and two imports at once.
 * Runs on SQLite and PostgreSQL (tests/helpers/with-pg.sh).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planImport } from '../../api/routes/admin/import/import.plan.ts';
import { importProducts } from '../../db/queries/product-import.ts';
import { PRODUCT_CSV_COLUMNS, type ProductCsvRow } from '../../rules/csv.ts';
import { formatDateTime } from '../../rules/dates.ts';
import type { Role } from '../../rules/permissions.ts';
import { formData, sendForm } from '../helpers/admin.ts';
import { createCarat, createCategory, createMaterial, createProduct, createSize } from '../helpers/catalogue.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let keeper: Awaited<ReturnType<typeof staffMember>>;
let ids: { p_id: number; k22: number; k18: number; cate: string; material: string; size: string; image: string; cate_id: number; m_id: number; size_id: number };

async function staffMember(role: Role) {
  const user = await createUser(store, { u_type: '0' });
  await store.db.updateTable('users').set({ role }).where('u_id', '=', user.u_id).execute();
  return user;
}

type Row = Record<string, string>;

async function exported(): Promise<Row[]> {
  const res = await store.app.request('/import/products.csv', { headers: keeper.auth });
  expect(res.status).toBe(200);
  return parse(await res.text(), { columns: true });
}

const csvOf = (rows: Row[]) => stringify(rows, { header: true, columns: [...PRODUCT_CSV_COLUMNS] });

function form(text: string, options: { dryRun?: boolean; name?: string; type?: string } = {}) {
  const data = new FormData();
  data.append('file', new File([text], options.name ?? 'products.csv', { type: options.type ?? 'text/csv' }));
  if (options.dryRun) data.append('dry_run', '1');
  return data;
}

const importFile = (text: string, options: { dryRun?: boolean; name?: string; type?: string } = {}, headers = keeper.auth) => sendForm(store, '/import/products', form(text, options), headers);

/** Everything of a product the import may change, to compare before and after. */
async function snapshot() {
  const [products, carats, media] = await Promise.all([
    store.db.selectFrom('products').selectAll().orderBy('p_id').execute(),
    store.db.selectFrom('product_carats').selectAll().orderBy('pc_id').execute(),
    store.db.selectFrom('product_media').selectAll().orderBy('pm_id').execute(),
  ]);
  return { products, carats, media };
}

beforeAll(async () => {
  store = await createTestStore();
  keeper = await staffMember('catalogue');
  const k22 = (await createCarat(store, '22K')).carat_id;
  const k18 = (await createCarat(store, '18K')).carat_id;
  const category = await createCategory(store, { cate_name: 'Rings' });
  const material = await createMaterial(store, 'Yellow Gold');
  const size = await createSize(store, '12');
  const { p_id } = await createProduct(store, {
    name: 'Lotus Ring',
    cate_id: category.cate_id,
    materials: [material.m_id],
    sizes: [size.size_id],
    carats: [{ carat_id: k22, inr_price: 5234050, usd_price: 62999 }, { carat_id: k18, inr_price: 4100000, usd_price: 49000 }],
    media: [{ file_name: 'lotus-1.webp', kind: 'image' }],
  });
  await store.db.insertInto('media_files').values({ folder: 'Products', name: 'rose-1.webp', width: 800, height: 800 }).execute();
  ids = { p_id, k22, k18, cate: 'Rings', material: 'Yellow Gold', size: '12', image: 'rose-1.webp', cate_id: category.cate_id, m_id: material.m_id, size_id: size.size_id };
});
afterAll(() => store.close());

const newRow = (overrides: Row = {}): Row => ({
  p_id: '', name: 'Rose Pendant', category: 'Rings', offer: 'Free chain', description: 'A rose in 22K gold.', specifications: 'Weight 4.2 g',
  materials: 'Yellow Gold', sizes: '', key_points: 'BIS hallmarked\nGift box', is_bestseller: '0', is_reel: '0', images: 'rose-1.webp',
  carat: '22K', pricing: 'fixed', inr_price: '41999.00', usd_price: '505.00', net_weight_g: '4.2', making_type: '', making_value: '', stone_value: '', stock: '3', lead_time_days: '',
  ...overrides,
});

describe('the CSV round trip', () => {
  it('export, edit a price and add a product: the dry run says exactly that and changes nothing; the import applies it', async () => {
    const rows = await exported();
    const lotus = rows.filter((r) => r.p_id === String(ids.p_id));
    expect(lotus.map((r) => r.carat)).toEqual(['22K', '18K']);
    const stored = await store.db.selectFrom('products').select('updated_at').where('p_id', '=', ids.p_id).executeTakeFirstOrThrow();
    expect(lotus.map((r) => [r.partial_refund, r.non_returnable, r.updated_at])).toEqual(Array(2).fill(['0', '', `${stored.updated_at.replace(' ', 'T')}Z`]));
    lotus[0].inr_price = '50000.00';
    // The return flags are the product's own columns: changed on each of its rows.
    for (const row of lotus) Object.assign(row, { partial_refund: '1', non_returnable: 'engraved' });
    const file = csvOf([...rows, newRow({ partial_refund: '1', non_returnable: 'custom' })]);
    const lotusRow = rows.indexOf(lotus[0]) + 2;
    const roseRow = rows.length + 2;

    const before = await snapshot();
    const dry = await importFile(file, { dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({ dry_run: true, applied: false, created: 1, changed: 1, unchanged: 0, refused: 0 });
    const plan = dry.body.data.rows as Array<{ row: number; action: string; changes: unknown[]; text: string }>;
    expect(plan.filter((r) => r.action !== 'unchanged').map((r) => [r.row, r.action, r.changes])).toEqual([
      [
        lotusRow,
        'change',
        [
          { field: 'partial_refund', from: '0', to: '1' },
          { field: 'non_returnable', from: '', to: 'engraved' },
          { field: '22K inr_price', from: '52340.50', to: '50000.00' },
        ],
      ],
      [roseRow, 'create', []],
    ]);
    expect(plan.find((r) => r.row === lotusRow)!.text).toBe(
      `Row ${lotusRow}: Lotus Ring (p_id ${ids.p_id}), 22K: partial_refund "0" -> "1"; non_returnable (blank) -> "engraved"; 22K inr_price "52340.50" -> "50000.00".`,
    );
    expect(dry.body.description).toBe('Dry run, nothing was changed: 1 product would be added, 1 would be changed, 0 unchanged, 0 rows refused.');
    expect(await snapshot()).toEqual(before);

    const done = await importFile(file);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ dry_run: false, applied: true, created: 1, changed: 1 });
    const price = await store.db.selectFrom('product_carats').select('inr_price').where('p_id', '=', ids.p_id).where('carat_id', '=', ids.k22).executeTakeFirstOrThrow();
    expect(price.inr_price).toBe(5000000);
    const flags = await store.db.selectFrom('products').select(['partial_refund', 'non_returnable', 'updated_at']).where('p_id', '=', ids.p_id).executeTakeFirstOrThrow();
    expect([flags.partial_refund, flags.non_returnable]).toEqual([1, 'engraved']);
    // The import moves updated_at, even within the second of the last change: the file just imported is now out of date.
    expect(flags.updated_at > stored.updated_at).toBe(true);
    const rose = await store.db.selectFrom('products').select(['p_id', 'offer', 'partial_refund', 'non_returnable']).where('name', '=', 'Rose Pendant').execute();
    expect(rose).toHaveLength(1);
    expect([rose[0].partial_refund, rose[0].non_returnable]).toEqual([1, 'custom']);
    expect(done.body.data.rows.find((r: { row: number }) => r.row === roseRow).p_id).toBe(rose[0].p_id);
    const roseCarat = await store.db.selectFrom('product_carats').select(['inr_price', 'usd_price', 'net_weight_mg', 'stock']).where('p_id', '=', rose[0].p_id).executeTakeFirstOrThrow();
    expect(roseCarat).toEqual({ inr_price: 4199900, usd_price: 50500, net_weight_mg: 4200, stock: 3 });
    const media = await store.db.selectFrom('product_media').select('file_name').where('p_id', '=', rose[0].p_id).execute();
    expect(media.map((m) => m.file_name)).toEqual(['rose-1.webp']);
    const audit = await store.db.selectFrom('audit_log').select(['action', 'entity_id']).where('action', 'in', ['product.import', 'product.add', 'product.update']).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['product.update', 'product.add', 'product.import']);

    // Imported again as it now stands: nothing to do; the export writes the flags as imported.
    const now = await exported();
    expect(now.filter((r) => r.p_id === String(ids.p_id)).map((r) => [r.partial_refund, r.non_returnable])).toEqual(Array(2).fill(['1', 'engraved']));
    const again = await importFile(csvOf(now), { dryRun: true });
    expect(again.body.data).toMatchObject({ created: 0, changed: 0, refused: 0 });
    // The file imported a moment ago is out of date: a further change made on it is refused (its rows as they stand are merely unchanged).
    const stale = await importFile(csvOf(rows.map((r) => (r === lotus[0] ? { ...r, inr_price: '51000.00' } : r))), { dryRun: true });
    expect(stale.body.data.rows.find((r: { row: number }) => r.row === lotusRow).reasons[0]).toMatch(/^updated_at: this product was changed after this file was exported/);
  });
});

describe('the dry run refuses, row by row and in words', () => {
  it('a bad carat, an unknown category, an image by URL, a missing description, a making charge over 100%', async () => {
    const rows = [
      newRow({ name: 'Bad Carat', carat: '25K' }),
      newRow({ name: 'No Such Category', category: 'Crowns' }),
      newRow({ name: 'Web Image', images: 'https://example.com/ring.jpg' }),
      newRow({ name: 'No Description', description: '' }),
      newRow({ name: 'Greedy', pricing: 'rate', inr_price: '', usd_price: '', net_weight_g: '5', making_type: 'percent', making_value: '120', stone_value: '0' }),
    ];
    const before = await snapshot();
    const res = await importFile(csvOf(rows), { dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 0, refused: 5 });
    const reasons = (res.body.data.rows as Array<{ row: number; action: string; reasons: string[] }>).map((r) => [r.row, r.action, r.reasons]);
    expect(reasons).toEqual([
      [2, 'refuse', ['carat: there is no carat "25K"; the carats are 18K, 22K.']],
      [3, 'refuse', ['category: there is no category "Crowns"; use a category\'s name as the back office lists it.']],
      [4, 'refuse', ['images: "https://example.com/ring.jpg" is a web address; images are not fetched from the web. Upload the picture on the product\'s page in the back office and give its file name (such as 3f9a1c.jpg) instead.']],
      [5, 'refuse', ['description: Product Description cannot be empty']],
      [6, 'refuse', ['making_value: Making charge must be at most 100%.']],
    ]);
    expect(await snapshot()).toEqual(before);

    // Without dry_run: 400, the same plan, nothing written.
    const refused = await importFile(csvOf([newRow({ name: 'Fine One' }), ...rows]));
    expect(refused.status).toBe(400);
    expect(refused.body.description).toMatch(/^Nothing was imported: 5 rows are refused\. Row 3: Bad Carat, 25K: refused: carat: there is no carat "25K"/);
    expect(refused.body.data.applied).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 in words for a file that is not a CSV, and 413 past the size limit', async () => {
    const pdf = await importFile('%PDF-1.7\n', { name: 'prices.pdf', type: 'application/pdf' });
    expect(pdf.status).toBe(400);
    expect(pdf.body.description).toMatch(/^prices\.pdf is not a CSV file\. Please choose a CSV file/);
    const png = await importFile('\u0000PNG', { name: 'products.csv' });
    expect(png.status).toBe(400);
    const columns = await importFile('name,price\nRing,10\n');
    expect(columns.status).toBe(400);
    expect(columns.body.description).toContain("The file's columns are not those of the products export; missing: p_id, category");
    const broken = await importFile(`${PRODUCT_CSV_COLUMNS.join(',')}\n"unclosed,1\n`);
    expect(broken.status).toBe(400);
    expect(broken.body.description).toMatch(/^The file is not a CSV the import can read/);
    const none = await sendForm(store, '/import/products', new FormData(), keeper.auth);
    expect(none.status).toBe(400);
    const big = await importFile(`${PRODUCT_CSV_COLUMNS.join(',')}\n${'x'.repeat(6 * 1024 * 1024)}\n`);
    expect(big.status).toBe(413);
  });
});

describe('the return flags, as the export writes them', () => {
  it('refuses anything but 0 or 1 for partial_refund and a kind the shop policy knows for non_returnable', async () => {
    const rows = [
      newRow({ name: 'Flag Yes', partial_refund: 'yes' }),
      newRow({ name: 'Flag True', partial_refund: 'true' }),
      newRow({ name: 'Flag Gift', non_returnable: 'gift' }),
      newRow({ name: 'Flag Fine', partial_refund: '1', non_returnable: 'Personalised' }),
    ];
    const before = await snapshot();
    const res = await importFile(csvOf(rows), { dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 1, refused: 3 });
    const flagRefusal = (cell: string) =>
      `partial_refund: "${cell}" is neither 0 nor 1; write 1 for a piece of the shop policy's partial-refund collection (only part of its price refunded on a return), 0 for one refunded in full.`;
    expect((res.body.data.rows as Array<{ row: number; action: string; reasons: string[] }>).map((r) => [r.row, r.action, r.reasons])).toEqual([
      [2, 'refuse', [flagRefusal('yes')]],
      [3, 'refuse', [flagRefusal('true')]],
      [4, 'refuse', ['non_returnable: "gift" is not a kind the shop policy knows; leave it blank for a piece that may be returned, or write custom, engraved or personalised for one that cannot be returned unless defective.']],
      [5, 'create', []],
    ]);
    expect(await snapshot()).toEqual(before);
  });
});

/** The stored time as the refusals say it: in India, to the second. */
const toTheSecond = (stored: string) => formatDateTime(stored).replace(/ (am|pm)$/, `:${stored.slice(17, 19)} $1`);
const changedSince = (current: string, exported = '2026-11-28 10:00:00') =>
  `updated_at: this product was changed after this file was exported (in the back office or by another import, at ${toTheSecond(current)}; the file has it as of ${toTheSecond(exported)}). ` +
  'Export the products again and make your changes in the new file, so that the newer change is not overwritten.';

/** A product of two carat rows (22K, 18K) with the stocks given, last changed this morning (10:00 UTC, 3:30 pm in India). */
async function lastChangedThisMorning(name: string, stocks: [number | null, number | null] = [null, null]) {
  const { p_id } = await createProduct(store, {
    name,
    cate_id: ids.cate_id,
    materials: [ids.m_id],
    sizes: [ids.size_id],
    carats: [{ carat_id: ids.k22, inr_price: 5234050, usd_price: 62999 }, { carat_id: ids.k18, inr_price: 4100000, usd_price: 49000 }],
    media: [{ file_name: `${name.toLowerCase().replace(/\W+/g, '-')}.webp`, kind: 'image' }],
  });
  await store.db.updateTable('products').set({ updated_at: '2026-11-28 10:00:00' }).where('p_id', '=', p_id).execute();
  for (const [carat_id, stock] of [[ids.k22, stocks[0]], [ids.k18, stocks[1]]] as const) {
    await store.db.updateTable('product_carats').set({ stock }).where('p_id', '=', p_id).where('carat_id', '=', carat_id).execute();
  }
  return p_id;
}

const rowsOf = async (...p_ids: number[]) => (await exported()).filter((r) => p_ids.map(String).includes(r.p_id));
const deskEdit = (p_id: number, fields: Record<string, string>) => sendForm(store, '/updateproduct', formData({ p_id: String(p_id), ...fields }), keeper.auth);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const productNow = (p_id: number) => store.db.selectFrom('products').select(['offer', 'updated_at']).where('p_id', '=', p_id).executeTakeFirstOrThrow();
const stocksOf = async (p_id: number) =>
  (await store.db.selectFrom('product_carats').select(['carat_id', 'stock']).where('p_id', '=', p_id).orderBy('position').execute()).map((r) => [r.carat_id, r.stock]);
/** Pieces taken as an order's take does (db/queries/stock.ts takeStockQuery): the product's updated_at does not move. */
const sell = (p_id: number, carat_id: number, pieces: number) =>
  store.db.updateTable('product_carats').set((eb) => ({ stock: eb('stock', '-', pieces) })).where('p_id', '=', p_id).where('carat_id', '=', carat_id).execute();
const planOf = (res: { body: { data: { rows: Array<{ row: number; action: string; reasons: string[]; changes: unknown[] }> } } }) =>
  res.body.data.rows.map((r) => [r.row, r.action, r.action === 'refuse' ? r.reasons : r.changes]);

describe('changes made after the export', () => {
  it('a product changed in the back office since the export is refused row by row, and that change is kept', async () => {
    const jasmine = await lastChangedThisMorning('Jasmine Studs');
    const marigold = await lastChangedThisMorning('Marigold Hoops');
    const rows = await rowsOf(jasmine, marigold);
    expect(rows.map((r) => r.updated_at)).toEqual(Array(4).fill('2026-11-28T10:00:00Z'));
    const edited = rows.map((r) => (r.p_id === String(jasmine) ? { ...r, offer: 'Import offer' } : r));

    // Meanwhile, in the back office: Jasmine's offer is changed; Marigold changes too (say it is unlisted), but the file changes nothing of it.
    const desk = await deskEdit(jasmine, { offer: 'Desk offer' });
    expect(desk.status, JSON.stringify(desk.body)).toBe(200);
    const { updated_at: deskAt } = await productNow(jasmine);
    expect(deskAt > '2026-11-28 10:00:00').toBe(true);
    await store.db.updateTable('products').set({ updated_at: '2026-11-28 11:00:00' }).where('p_id', '=', marigold).execute();

    const file = csvOf([...edited, newRow({ name: 'Tulip Anklet' })]);
    const before = await snapshot();
    const dry = await importFile(file, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ created: 1, changed: 0, unchanged: 1, refused: 2 });
    expect(planOf(dry)).toEqual([
      [2, 'refuse', [changedSince(deskAt)]],
      [3, 'refuse', ['the product of row 2 is refused (see that row).']],
      [4, 'unchanged', []],
      [5, 'unchanged', []],
      [6, 'create', []],
    ]);
    expect(dry.body.data.rows[0].text).toBe(`Row 2: Jasmine Studs (p_id ${jasmine}), 22K: refused: ${changedSince(deskAt)}`);
    expect(await snapshot()).toEqual(before);

    const refused = await importFile(file);
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe(`Nothing was imported: 2 rows are refused. Row 2: Jasmine Studs (p_id ${jasmine}), 22K: refused: ${changedSince(deskAt)}`);
    expect(await snapshot()).toEqual(before);
    expect((await productNow(jasmine)).offer).toBe('Desk offer');

    // Exported again, the same edit applies.
    const again = await importFile(csvOf((await rowsOf(jasmine)).map((r) => ({ ...r, offer: 'Import offer' }))));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ applied: true, changed: 1 });
    expect((await productNow(jasmine)).offer).toBe('Import offer');
  });

  it('a back-office edit in the same second as the export is still seen: every change moves updated_at', async () => {
    const p_id = await lastChangedThisMorning('Lily Pendant');
    // The product was last changed in this very second (as a desk edit just before an export would leave it).
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    await store.db.updateTable('products').set({ updated_at: now }).where('p_id', '=', p_id).execute();
    const rows = await rowsOf(p_id);
    // Edited at the desk within the same second: the stored time still moves on, by a second if need be.
    expect((await deskEdit(p_id, { offer: 'Desk offer' })).status).toBe(200);
    expect((await productNow(p_id)).updated_at > now).toBe(true);
    const dry = await importFile(csvOf(rows.map((r) => ({ ...r, offer: 'Import offer' }))), { dryRun: true });
    expect(dry.body.data).toMatchObject({ changed: 0, refused: rows.length });
    expect((await productNow(p_id)).offer).toBe('Desk offer');
  });

  it('refuses a change to an existing product without the updated_at the export wrote, or with one a spreadsheet rewrote', async () => {
    const lily = await lastChangedThisMorning('Lily Chain');
    const rows = await rowsOf(lily);
    const blank = await importFile(csvOf(rows.map((r) => ({ ...r, offer: 'New offer', updated_at: '' }))), { dryRun: true });
    expect(planOf(blank)[0]).toEqual([
      2,
      'refuse',
      [`updated_at: blank; a row changing an existing product (p_id ${lily}) needs the updated_at the export wrote for it, so that a change made since is not overwritten. Export the products again and edit that file.`],
    ]);
    const rewritten = await importFile(csvOf(rows.map((r) => ({ ...r, updated_at: '28/11/2026 15:30' }))), { dryRun: true });
    expect(planOf(rewritten)[0]).toEqual([
      2,
      'refuse',
      ['updated_at: "28/11/2026 15:30" is not the time the export wrote (such as 2026-11-28T13:12:05Z); a spreadsheet may have rewritten it. Keep that column as text, or export again.'],
    ]);
  });

  it('stock: pieces sold after the export stay counted; a stock both the file and the shop changed is refused', async () => {
    const peacock = await lastChangedThisMorning('Peacock Bangle', [5, 2]);
    const rows = await rowsOf(peacock);
    expect(rows.map((r) => [r.carat, r.stock, r.stock_at_export])).toEqual([['22K', '5', '5'], ['18K', '2', '2']]);
    // Two 18K pieces arrive: the file says 4. Meanwhile an order takes two 22K pieces: 5 - 2 = 3 left.
    const file = csvOf(rows.map((r) => (r.carat === '18K' ? { ...r, stock: '4' } : r)));
    await sell(peacock, ids.k22, 2);
    const dry = await importFile(file, { dryRun: true });
    expect(planOf(dry)).toEqual([
      [2, 'unchanged', []],
      [3, 'change', [{ field: '18K stock', from: '2', to: '4' }]],
    ]);
    const done = await importFile(file);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // Not 5 again: the two pieces sold stay sold.
    expect(await stocksOf(peacock)).toEqual([[ids.k22, 3], [ids.k18, 4]]);

    // Exported again (22K: 3); the file counts 6 on the shelf while an order takes one more (2 left): neither is right, refused.
    const next = csvOf((await rowsOf(peacock)).map((r) => (r.carat === '22K' ? { ...r, stock: '6' } : r)));
    await sell(peacock, ids.k22, 1);
    const refused = await importFile(next, { dryRun: true });
    expect(planOf(refused)).toEqual([
      [
        2,
        'refuse',
        [
          "stock: the 22K row's stock changed after this file was exported (3 in stock then, 2 in stock now: pieces sold, returned or counted in the back office), " +
            'and the file sets 6 in stock, which would undo that change. Export the products again and give the stock as it should be now.',
        ],
      ],
      [3, 'refuse', ['the product of row 2 is refused (see that row).']],
    ]);
    expect(await stocksOf(peacock)).toEqual([[ids.k22, 2], [ids.k18, 4]]);
  });

  it('a back-office edit or an order committed between the plan and the write: read again in the transaction, nothing is undone', async () => {
    const orchid = await lastChangedThisMorning('Orchid Ring', [4, null]);
    const edited = async () => (await rowsOf(orchid)).map((r) => ({ ...r, offer: 'Import offer' }) as ProductCsvRow);
    const plan = await planImport(store.db, await edited());
    expect(plan.writes.map((w) => w.p_id)).toEqual([orchid]);
    expect((await deskEdit(orchid, { offer: 'Desk offer' })).status).toBe(200);
    const { updated_at: deskAt } = await productNow(orchid);
    const outcome = await importProducts(store.db, plan.writes, { dryRun: false, summary: {} });
    expect(outcome.refusals).toEqual([{ row: 2, reason: changedSince(deskAt) }]);
    expect((await productNow(orchid)).offer).toBe('Desk offer');

    // The file leaves the 22K stock as exported (4); an order takes one between the plan and the write: 3 stay.
    const later = await planImport(store.db, await edited());
    await sell(orchid, ids.k22, 1);
    const applied = await importProducts(store.db, later.writes, { dryRun: false, summary: {} });
    expect(applied.refusals).toEqual([]);
    expect((await productNow(orchid)).offer).toBe('Import offer');
    expect(await stocksOf(orchid)).toEqual([[ids.k22, 3], [ids.k18, null]]);
  });

  it('an import and a back-office edit of the same product at the same moment: the edit is never lost', async () => {
    const outcomes: number[] = [];
    for (let round = 0; round < 6; round++) {
      const p_id = await lastChangedThisMorning(`Race Ring ${round}`);
      const file = csvOf((await rowsOf(p_id)).map((r) => ({ ...r, offer: 'Import offer' })));
      // The import sent 0, 5, 10 ... ms after the edit, so that each lands first in some rounds.
      const [desk, imported] = await Promise.all([deskEdit(p_id, { offer: 'Desk offer' }), sleep(5 * round).then(() => importFile(file))]);
      expect(desk.status, JSON.stringify(desk.body)).toBe(200);
      expect([200, 400], JSON.stringify(imported.body)).toContain(imported.status);
      if (imported.status === 400) expect(imported.body.description).toContain('updated_at: this product was changed after this file was exported');
      outcomes.push(imported.status);
      // Either the import came first and the edit after it, or the edit came first and the import was refused.
      expect((await productNow(p_id)).offer).toBe('Desk offer');
    }
    expect(outcomes).toHaveLength(6);
  });
});

describe('who may import', () => {
  it('the catalogue role, manager and owner (catalogue.manage); accounts and the order desk get 403', async () => {
    const file = csvOf([newRow({ name: 'Permission Probe' })]);
    for (const role of ['accounts', 'orders'] as const) {
      const res = await importFile(file, { dryRun: true }, (await staffMember(role)).auth);
      expect(res.status, role).toBe(403);
      expect(res.body.data).toEqual({ missing_permission: 'catalogue.manage' });
    }
    for (const role of ['manager', 'owner'] as const) expect((await importFile(file, { dryRun: true }, (await staffMember(role)).auth)).status, role).toBe(200);
    expect((await importFile(file, { dryRun: true }, (await createUser(store)).auth)).status).toBe(403);
  });
});

describe('two imports at once', () => {
  it('adding the same piece: one adds it, the other is refused, the catalogue holds it once', async () => {
    const file = csvOf([newRow({ name: 'Twin Bangle' })]);
    const answers = await Promise.all([importFile(file), importFile(file)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body.description).toMatch(/a product named "Twin Bangle" already exists \(p_id \d+\); give its p_id to change it\./);
    const twins = await store.db.selectFrom('products').select('p_id').where('name', '=', 'Twin Bangle').execute();
    expect(twins).toHaveLength(1);
  });

  it('changing the same product from the same export: the first applies whole, the second is refused (it would undo the first)', async () => {
    const rows = (await exported()).filter((r) => r.p_id === String(ids.p_id));
    const files = ['61000.00', '62000.00'].map((price) => csvOf(rows.map((r) => (r.carat === '22K' ? { ...r, inr_price: price } : r))));
    const answers = await Promise.all(files.map((f) => importFile(f)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect(answers[1 - winner].body.description).toContain('updated_at: this product was changed after this file was exported (in the back office or by another import');
    const price = await store.db.selectFrom('product_carats').select('inr_price').where('p_id', '=', ids.p_id).where('carat_id', '=', ids.k22).executeTakeFirstOrThrow();
    expect(price.inr_price).toBe([6100000, 6200000][winner]);
    const carats = await store.db.selectFrom('product_carats').select('carat_id').where('p_id', '=', ids.p_id).execute();
    expect(carats).toHaveLength(2);
  });
});
