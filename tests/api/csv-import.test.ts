/**
 * POST /import/products (issue 37): the CSV round trip (export, edit a price and add a product,
 * the dry run says exactly that and changes nothing, the import applies it in one transaction
 * recorded in the audit trail), the dry run's refusals row by row, a refused import changing
 * nothing, a file that is not CSV, the size limit, the permissions, and two imports at once.
 * Runs on SQLite and PostgreSQL (tests/helpers/with-pg.sh).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS } from '../../rules/csv.ts';
import type { Role } from '../../rules/permissions.ts';
import { sendForm } from '../helpers/admin.ts';
import { createCarat, createCategory, createMaterial, createProduct, createSize } from '../helpers/catalogue.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let keeper: Awaited<ReturnType<typeof staffMember>>;
let ids: { p_id: number; k22: number; k18: number; cate: string; material: string; size: string; image: string };

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
  ids = { p_id, k22, k18, cate: 'Rings', material: 'Yellow Gold', size: '12', image: 'rose-1.webp' };
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
    lotus[0].inr_price = '50000.00';
    const file = csvOf([...rows, newRow()]);
    const lotusRow = rows.indexOf(lotus[0]) + 2;
    const roseRow = rows.length + 2;

    const before = await snapshot();
    const dry = await importFile(file, { dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({ dry_run: true, applied: false, created: 1, changed: 1, unchanged: 0, refused: 0 });
    const plan = dry.body.data.rows as Array<{ row: number; action: string; changes: unknown[]; text: string }>;
    expect(plan.filter((r) => r.action !== 'unchanged').map((r) => [r.row, r.action, r.changes])).toEqual([
      [lotusRow, 'change', [{ field: '22K inr_price', from: '52340.50', to: '50000.00' }]],
      [roseRow, 'create', []],
    ]);
    expect(plan.find((r) => r.row === lotusRow)!.text).toBe(`Row ${lotusRow}: Lotus Ring (p_id ${ids.p_id}), 22K: 22K inr_price "52340.50" -> "50000.00".`);
    expect(dry.body.description).toBe('Dry run, nothing was changed: 1 product would be added, 1 would be changed, 0 unchanged, 0 rows refused.');
    expect(await snapshot()).toEqual(before);

    const done = await importFile(file);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ dry_run: false, applied: true, created: 1, changed: 1 });
    const price = await store.db.selectFrom('product_carats').select('inr_price').where('p_id', '=', ids.p_id).where('carat_id', '=', ids.k22).executeTakeFirstOrThrow();
    expect(price.inr_price).toBe(5000000);
    const rose = await store.db.selectFrom('products').select(['p_id', 'offer']).where('name', '=', 'Rose Pendant').execute();
    expect(rose).toHaveLength(1);
    expect(done.body.data.rows.find((r: { row: number }) => r.row === roseRow).p_id).toBe(rose[0].p_id);
    const roseCarat = await store.db.selectFrom('product_carats').select(['inr_price', 'usd_price', 'net_weight_mg', 'stock']).where('p_id', '=', rose[0].p_id).executeTakeFirstOrThrow();
    expect(roseCarat).toEqual({ inr_price: 4199900, usd_price: 50500, net_weight_mg: 4200, stock: 3 });
    const media = await store.db.selectFrom('product_media').select('file_name').where('p_id', '=', rose[0].p_id).execute();
    expect(media.map((m) => m.file_name)).toEqual(['rose-1.webp']);
    const audit = await store.db.selectFrom('audit_log').select(['action', 'entity_id']).where('action', 'in', ['product.import', 'product.add', 'product.update']).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['product.update', 'product.add', 'product.import']);

    // Imported again as it now stands: nothing to do.
    const again = await importFile(csvOf(await exported()), { dryRun: true });
    expect(again.body.data).toMatchObject({ created: 0, changed: 0, refused: 0 });
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

  it('changing the same product: both apply in turn, the last one wins whole', async () => {
    const rows = (await exported()).filter((r) => r.p_id === String(ids.p_id));
    const files = ['61000.00', '62000.00'].map((price) => csvOf(rows.map((r) => (r.carat === '22K' ? { ...r, inr_price: price } : r))));
    const answers = await Promise.all(files.map((f) => importFile(f)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const price = await store.db.selectFrom('product_carats').select('inr_price').where('p_id', '=', ids.p_id).where('carat_id', '=', ids.k22).executeTakeFirstOrThrow();
    expect([6100000, 6200000]).toContain(price.inr_price);
    const carats = await store.db.selectFrom('product_carats').select('carat_id').where('p_id', '=', ids.p_id).execute();
    expect(carats).toHaveLength(2);
  });
});
