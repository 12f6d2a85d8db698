import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, createWithForm, expectFormRefused, expectRefused, formData, mediaFiles, mp4Bytes, sendForm, storeWithCallers, tinyImage } from '../helpers/admin.ts';
import { createCarat, createMaterial, createProduct, createSize } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];
let refused: Callers['refused'];
let sentinel: string;

beforeAll(async () => {
  ({ store, admin, refused } = await storeWithCallers());
  sentinel = path.join(store.dir, 'sentinel.txt');
  writeFileSync(sentinel, 'keep me');
});
afterAll(() => store.close());

const categoryFile = (name: string) => path.join(store.config.mediaDir, 'Category', name);
const countCategories = async () => Number((await store.db.selectFrom('categories').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function addCategory(cate_name: string): Promise<{ cate_id: number; cate_name: string; cate_image: string }> {
  return createWithForm(store, '/addcategory', formData({ cate_name, categoryImage: { bytes: await tinyImage('png'), name: 'rings.png' } }), admin);
}

describe('POST /addcategory', () => {
  it('adds a category with its image stored under a generated name, and schedules a rebuild', async () => {
    const changes = store.catalogueChanges;
    const res = await sendForm(store, '/addcategory', formData({ cate_name: '  Bangles  ', categoryImage: { bytes: await tinyImage('webp'), name: 'bangles.webp' } }), admin.auth);
    expect(res.status).toBe(201);
    expectMatchesContract('POST', '/addcategory', res);
    expect(res.body).toMatchObject({ status: 1, description: 'Category added successfully.', data: { cate_name: 'Bangles', cate_status: 1 } });
    expect(res.body.data.cate_image).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(existsSync(categoryFile(res.body.data.cate_image))).toBe(true);
    expect(store.catalogueChanges).toBe(changes + 1);
  });

  it('keeps only the first of up to 3 images', async () => {
    const before = mediaFiles(store, 'Category');
    const pictures = await Promise.all([1, 2, 3].map(async (n) => ({ bytes: await tinyImage('png'), name: `${n}.png` })));
    const res = await sendForm(store, '/addcategory', formData({ cate_name: 'Chains', categoryImage: pictures }), admin.auth);
    expect(res.status).toBe(201);
    expect(mediaFiles(store, 'Category')).toEqual([...before, res.body.data.cate_image].sort());
  });

  it('refuses callers who are not administrators, storing nothing', async () => {
    const before = { files: mediaFiles(store, 'Category'), rows: await countCategories() };
    await expectFormRefused(store, refused, '/addcategory', async () => formData({ cate_name: 'Sneaky', categoryImage: { bytes: await tinyImage('png'), name: 'a.png' } }));
    expect({ files: mediaFiles(store, 'Category'), rows: await countCategories() }).toEqual(before);
  });

  it('refuses bad input with the document\'s messages, storing nothing', async () => {
    const png = { bytes: await tinyImage('png'), name: 'a.png' };
    await addCategory('Pendants');
    const cases: Array<[string, Record<string, any>, number, string]> = [
      ['a blank name', { cate_name: '   ', categoryImage: png }, 400, 'Category Name is required.'],
      ['no name', { categoryImage: png }, 400, 'Category Name is required.'],
      ['no image', { cate_name: 'Anklets' }, 400, 'Category Image is required.'],
      ['a video', { cate_name: 'Anklets', categoryImage: { bytes: mp4Bytes(), name: 'a.mp4' } }, 400, 'Please select a valid image file.'],
      ['a script named .jpg', { cate_name: 'Anklets', categoryImage: { bytes: Buffer.from('<?php echo 1; ?>'), name: 'x.jpg' } }, 400, 'Please select a valid image file.'],
      ['four images', { cate_name: 'Anklets', categoryImage: [png, png, png, png] }, 400, 'You can only select up to 3 images.'],
      ['a name already taken', { cate_name: 'PENDANTS', categoryImage: png }, 409, 'A category with this name already exists.'],
    ];
    const before = { files: mediaFiles(store, 'Category'), rows: await countCategories() };
    for (const [label, entries, status, description] of cases) {
      const res = await sendForm(store, '/addcategory', formData(entries), admin.auth);
      expect(res.status, label).toBe(status);
      expect(res.body, label).toEqual({ status: 0, description, data: null });
      expectMatchesContract('POST', '/addcategory', res);
    }
    expect({ files: mediaFiles(store, 'Category'), rows: await countCategories() }).toEqual(before);
  });
});

describe('POST /updatecategory', () => {
  it('renames a category and keeps its image when none is sent', async () => {
    const category = await addCategory('Studs');
    const res = await sendForm(store, '/updatecategory', formData({ cate_id: String(category.cate_id), cate_name: 'Stud Earrings' }), admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('POST', '/updatecategory', res);
    expect(res.body.data).toMatchObject({ cate_id: category.cate_id, cate_name: 'Stud Earrings', cate_image: category.cate_image });
    expect(existsSync(categoryFile(category.cate_image))).toBe(true);
  });

  it('replaces the image and removes the old file (and its resized copies)', async () => {
    const category = await addCategory('Hoops');
    const cached = path.join(store.config.dataDir, 'media-cache', 'Category', '480', `${category.cate_image}.webp`);
    mkdirSync(path.dirname(cached), { recursive: true });
    writeFileSync(cached, 'resized');
    const changes = store.catalogueChanges;
    const res = await sendForm(store, '/updatecategory', formData({ cate_id: String(category.cate_id), cate_name: 'Hoops', categoryImage: { bytes: await tinyImage('jpeg'), name: 'new.jpg' } }), admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.cate_image).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(existsSync(categoryFile(res.body.data.cate_image))).toBe(true);
    expect(existsSync(categoryFile(category.cate_image))).toBe(false);
    expect(existsSync(cached)).toBe(false);
    expect(store.catalogueChanges).toBe(changes + 1);
  });

  it('refuses an unknown category, a blank name, a taken name and non-administrators, changing nothing', async () => {
    const category = await addCategory('Cuffs');
    await addCategory('Toe Rings');
    const png = { bytes: await tinyImage('png'), name: 'a.png' };
    const before = mediaFiles(store, 'Category');
    const cases: Array<[string, Record<string, any>, Record<string, string>, number, string]> = [
      ['an unknown category', { cate_id: '999999', cate_name: 'X', categoryImage: png }, admin.auth, 404, 'Category not found.'],
      ['a blank name', { cate_id: String(category.cate_id), cate_name: ' ', categoryImage: png }, admin.auth, 400, 'Category Name is required.'],
      ['a taken name', { cate_id: String(category.cate_id), cate_name: 'toe rings', categoryImage: png }, admin.auth, 409, 'A category with this name already exists.'],
      ['no id', { cate_name: 'X' }, admin.auth, 400, 'cate_id must be a record id (a whole number, 1 or more).'],
      ['a path as id', { cate_id: '../1', cate_name: 'X' }, admin.auth, 400, 'cate_id must be a record id (a whole number, 1 or more).'],
    ];
    for (const [label, entries, headers, status, description] of cases) {
      const res = await sendForm(store, '/updatecategory', formData(entries), headers);
      expect(res.status, label).toBe(status);
      expect(res.body.description, label).toBe(description);
      expectMatchesContract('POST', '/updatecategory', res);
    }
    await expectFormRefused(store, refused, '/updatecategory', () => formData({ cate_id: String(category.cate_id), cate_name: 'Hacked', categoryImage: png }));
    expect(mediaFiles(store, 'Category')).toEqual(before);
    const row = await store.db.selectFrom('categories').selectAll().where('cate_id', '=', category.cate_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cate_name: 'Cuffs', cate_image: category.cate_image });
  });
});

describe('DELETE /deletecategory', () => {
  it('deletes the category and the file its record names, ignoring cate_image from the client', async () => {
    const category = await addCategory('Brooches');
    const other = await addCategory('Tiaras');
    const changes = store.catalogueChanges;
    const res = await call(store, 'DELETE', `/deletecategory?cate_id=${category.cate_id}&cate_image=${encodeURIComponent('../../sentinel.txt')}`, undefined, admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('DELETE', '/deletecategory', res);
    expect(res.body).toEqual({ status: 1, description: 'Category deleted successfully.', data: null });
    expect(existsSync(categoryFile(category.cate_image))).toBe(false);
    expect(existsSync(categoryFile(other.cate_image))).toBe(true);
    expect(readFileSync(sentinel, 'utf8')).toBe('keep me');
    expect(store.catalogueChanges).toBe(changes + 1);

    // Another category's file, an absolute path or an encoded path named by the client is never removed.
    const third = await addCategory('Nose Pins');
    for (const hostile of [other.cate_image, sentinel, '%2e%2e%2f%2e%2e%2fsentinel.txt', '..\\..\\sentinel.txt']) {
      const again = await call(store, 'DELETE', `/deletecategory?cate_id=${third.cate_id}&cate_image=${encodeURIComponent(hostile)}`, undefined, admin.auth);
      expect([200, 404]).toContain(again.status);
    }
    expect(existsSync(categoryFile(other.cate_image))).toBe(true);
    expect(readFileSync(sentinel, 'utf8')).toBe('keep me');
  });

  it('refuses a category that still has products (409), an unknown one (404) and non-administrators (403)', async () => {
    const category = await addCategory('Mangalsutra');
    await createProduct(store, { cate_id: category.cate_id });
    await createProduct(store, { cate_id: category.cate_id, p_status: 0 });
    const inUse = await call(store, 'DELETE', `/deletecategory?cate_id=${category.cate_id}`, undefined, admin.auth);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({ status: 0, description: 'This category still has 2 products. Delete them first.', data: null });
    expectMatchesContract('DELETE', '/deletecategory', inUse);

    const unknown = await call(store, 'DELETE', '/deletecategory?cate_id=999999', undefined, admin.auth);
    expect(unknown.status).toBe(404);
    expectMatchesContract('DELETE', '/deletecategory', unknown);
    const bad = await call(store, 'DELETE', '/deletecategory?cate_id=abc', undefined, admin.auth);
    expect(bad.status).toBe(400);
    expectMatchesContract('DELETE', '/deletecategory', bad);

    const lonely = await addCategory('Kada');
    await expectRefused(store, refused, [['DELETE', `/deletecategory?cate_id=${lonely.cate_id}`]]);
    expect(existsSync(categoryFile(category.cate_image))).toBe(true);
    expect(existsSync(categoryFile(lonely.cate_image))).toBe(true);
    expect(await store.db.selectFrom('categories').select('cate_id').where('cate_id', 'in', [category.cate_id, lonely.cate_id]).execute()).toHaveLength(2);
  });
});

const ATTRIBUTES = [
  { label: 'Material', add: '/addmaterial', update: '/updatematerial', remove: '/deletematerial', nameField: 'name', idField: 'm_id', table: 'materials' as const, make: (s: TestStore) => createMaterial(s), inUse: 'This material is still used by 1 product. Delete them first.' },
  { label: 'Size', add: '/addsize', update: '/updatesize', remove: '/deletesize', nameField: 'size_name', idField: 'size_id', table: 'sizes' as const, make: (s: TestStore) => createSize(s), inUse: 'This size is still used by 1 product. Delete them first.' },
  { label: 'Carat', add: '/addcarat', update: '/updatecarat', remove: '/deletecarat', nameField: 'name', idField: 'carat_id', table: 'carats' as const, make: (s: TestStore) => createCarat(s), inUse: 'This carat is still priced on 1 product. Remove it from their carat prices first.' },
];

describe.each(ATTRIBUTES)('$label: add, update, delete', (kind) => {
  const rows = async () => store.db.selectFrom(kind.table).selectAll().execute();

  it('adds, renames and deletes, scheduling a rebuild each time', async () => {
    const changes = store.catalogueChanges;
    const added = await call(store, 'POST', kind.add, { [kind.nameField]: `  ${kind.label} One ` }, admin.auth);
    expect(added.status).toBe(201);
    expectMatchesContract('POST', kind.add, added);
    expect(added.body).toMatchObject({ status: 1, description: `${kind.label} added successfully.`, data: { [kind.nameField]: `${kind.label} One` } });
    const id = added.body.data[kind.idField];

    const renamed = await call(store, 'POST', kind.update, { [kind.nameField]: `${kind.label} Two`, [kind.idField]: String(id) }, admin.auth);
    expect(renamed.status).toBe(200);
    expectMatchesContract('POST', kind.update, renamed);
    expect(renamed.body.data).toEqual({ [kind.idField]: id, [kind.nameField]: `${kind.label} Two` });

    const deleted = await call(store, 'DELETE', `${kind.remove}?${kind.idField}=${id}`, undefined, admin.auth);
    expect(deleted.status).toBe(200);
    expectMatchesContract('DELETE', kind.remove, deleted);
    expect(deleted.body).toEqual({ status: 1, description: `${kind.label} deleted successfully.`, data: null });
    expect((await rows()).some((r: any) => r[kind.idField] === id)).toBe(false);
    expect(store.catalogueChanges).toBe(changes + 3);
  });

  it('refuses blank names, taken names, unknown ids and records in use, changing nothing', async () => {
    const existing: any = await kind.make(store);
    const used: any = await kind.make(store);
    const id = used[kind.idField];
    if (kind.table === 'materials') await createProduct(store, { materials: [id] });
    if (kind.table === 'sizes') await createProduct(store, { sizes: [id] });
    if (kind.table === 'carats') await createProduct(store, { carats: [{ carat_id: id }] });
    const before = await rows();
    const required = `${kind.label} Name is required.`;
    const cases: Array<[string, string, string, unknown, number, string]> = [
      ['blank', 'POST', kind.add, { [kind.nameField]: '  ' }, 400, required],
      ['missing', 'POST', kind.add, {}, 400, required],
      ['not text', 'POST', kind.add, { [kind.nameField]: 42 }, 400, required],
      ['taken', 'POST', kind.add, { [kind.nameField]: String(existing[kind.nameField]).toUpperCase() }, 409, `A ${kind.label.toLowerCase()} with this name already exists.`],
      ['blank rename', 'POST', kind.update, { [kind.nameField]: '', [kind.idField]: id }, 400, required],
      ['taken rename', 'POST', kind.update, { [kind.nameField]: existing[kind.nameField], [kind.idField]: id }, 409, `A ${kind.label.toLowerCase()} with this name already exists.`],
      ['unknown rename', 'POST', kind.update, { [kind.nameField]: 'Fresh', [kind.idField]: 999999 }, 404, `${kind.label} not found.`],
      ['in use', 'DELETE', `${kind.remove}?${kind.idField}=${id}`, undefined, 409, kind.inUse],
      ['unknown delete', 'DELETE', `${kind.remove}?${kind.idField}=999999`, undefined, 404, `${kind.label} not found.`],
      ['bad id', 'DELETE', `${kind.remove}?${kind.idField}=-1`, undefined, 400, `${kind.idField} must be a record id (a whole number, 1 or more).`],
    ];
    for (const [label, method, url, body, status, description] of cases) {
      const res = await call(store, method, url, body, admin.auth);
      expect(res.status, label).toBe(status);
      expect(res.body, label).toEqual({ status: 0, description, data: null });
      expectMatchesContract(method, url, res);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses callers who are not administrators (403), even with a bad body', async () => {
    const target: any = await kind.make(store);
    const before = await rows();
    await expectRefused(store, refused, [
      ['POST', kind.add, { [kind.nameField]: 'Intruder' }],
      ['POST', kind.add, { nonsense: true }],
      ['POST', kind.update, { [kind.nameField]: 'Intruder', [kind.idField]: target[kind.idField] }],
      ['DELETE', `${kind.remove}?${kind.idField}=${target[kind.idField]}`],
    ]);
    expect(await rows()).toEqual(before);
  });
});
