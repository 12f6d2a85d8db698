import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnswerCase, type Callers, createOrder, createWithForm, expectAnswers, expectFormRefused, expectRefused, formData, type FormValue, hostileFiles, mediaFiles, mp4Bytes, sendForm, storeWithCallers, tinyImage, webmBytes } from '../helpers/admin.ts';
import { createCarat, createCategory, createMaterial, createProduct, createSize } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { orderCod } from '../helpers/orders.ts';
import { call, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];
let refused: Callers['refused'];
let sentinel: string;
let catalogue: { cate_id: number; other_cate_id: number; m1: number; m2: number; s1: number; s2: number; k18: number; k22: number; k24: number };

beforeAll(async () => {
  ({ store, admin, refused } = await storeWithCallers());
  sentinel = path.join(store.dir, 'sentinel.txt');
  writeFileSync(sentinel, 'keep me');
  catalogue = {
    cate_id: (await createCategory(store)).cate_id,
    other_cate_id: (await createCategory(store)).cate_id,
    m1: (await createMaterial(store)).m_id,
    m2: (await createMaterial(store)).m_id,
    s1: (await createSize(store)).size_id,
    s2: (await createSize(store)).size_id,
    k18: (await createCarat(store, '18K')).carat_id,
    k22: (await createCarat(store, '22K')).carat_id,
    k24: (await createCarat(store, '24K')).carat_id,
  };
});
afterAll(() => store.close());

const productFile = (name: string) => path.join(store.config.mediaDir, 'Products', name);
const countProducts = async () => Number((await store.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function productForm(overrides: Record<string, FormValue | undefined> = {}) {
  return formData({
    name: 'Lotus Ring',
    cate_id: String(catalogue.cate_id),
    description: 'A ring with a lotus.',
    specifications: '22K gold, 4.2 g',
    offer: '10% off making charges',
    materials: JSON.stringify([catalogue.m1, catalogue.m2]),
    size: JSON.stringify([catalogue.s1]),
    key_points: JSON.stringify(['BIS hallmarked', 'Free resizing']),
    caratPrices: JSON.stringify([
      { carat_id: catalogue.k22, inr_price: 52340.5, usd_price: '629.99' },
      { carat_id: String(catalogue.k18), inr_price: '43000', usd_price: 515 },
    ]),
    is_bestseller: '1',
    isReel: '0',
    images: [
      { bytes: await tinyImage('jpeg'), name: 'front.jpg' },
      { bytes: mp4Bytes(), name: 'turn.mp4' },
    ],
    ...overrides,
  });
}

const insertViaApi = async (overrides: Record<string, FormValue | undefined> = {}) => createWithForm(store, '/insertproduct', await productForm(overrides), admin);

describe('POST /insertproduct', () => {
  it('adds a product with materials, sizes, features, carat prices in minor units and media by their bytes', async () => {
    const changes = store.catalogueChanges;
    const res = await sendForm(store, '/insertproduct', await productForm(), admin.auth);
    expect(res.status).toBe(201);
    expectMatchesContract('POST', '/insertproduct', res);
    const product = res.body.data;
    expect(product).toMatchObject({
      name: 'Lotus Ring',
      cate_id: catalogue.cate_id,
      materials: [catalogue.m1, catalogue.m2],
      size: [catalogue.s1],
      key_points: ['BIS hallmarked', 'Free resizing'],
      is_bestseller: 1,
      isReel: 0,
      p_status: 1,
    });
    expect(product.productcarats.map((pc: any) => [pc.carat_id, pc.inr_price, pc.usd_price])).toEqual([
      [catalogue.k22, 52340.5, 629.99],
      [catalogue.k18, 43000, 515],
    ]);
    const stored = await store.db.selectFrom('product_carats').select(['inr_price', 'usd_price']).where('p_id', '=', product.p_id).orderBy('position').execute();
    expect(stored).toEqual([{ inr_price: 5234050, usd_price: 62999 }, { inr_price: 4300000, usd_price: 51500 }]);
    expect(product.images.map((m: any) => m.type)).toEqual(['image', 'video']);
    expect(product.images[0].imageUrl).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(product.images[1].imageUrl).toMatch(/^[0-9a-f]{32}\.mp4$/);
    for (const m of product.images) expect(existsSync(productFile(m.imageUrl))).toBe(true);
    expect(store.catalogueChanges).toBe(changes + 1);
  });

  it("stores the shop's own photograph without where it was taken: EXIF with GPS is gone, the picture stays upright", async () => {
    // A JPEG as a phone makes it in the workshop: the camera, its GPS position, and turned a quarter (orientation 6).
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b8860b' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 11/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '72/1 49/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const res = await sendForm(store, '/insertproduct', await productForm({ images: [{ bytes: photo, name: 'IMG_2040.jpg' }] }), admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stored = readFileSync(productFile(res.body.data.images[0].imageUrl));
    const facts = await sharp(stored).metadata();
    expect([facts.format, facts.width, facts.height, facts.exif, facts.xmp, facts.orientation]).toEqual(['jpeg', 48, 64, undefined, undefined, undefined]);
    expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('takes size, key_points and the flags as optional, and webm videos', async () => {
    const product = await insertViaApi({ size: undefined, key_points: undefined, is_bestseller: undefined, isReel: '1', images: { bytes: webmBytes(), name: 'reel.webm' } });
    expect(product).toMatchObject({ size: [], key_points: [], is_bestseller: 0, isReel: 1 });
    expect(product.images).toEqual([{ imageUrl: expect.stringMatching(/\.webm$/), type: 'video' }]);
  });

  it('refuses bad input with the document\'s messages, storing no product and no file', async () => {
    const eleven = await Promise.all(Array.from({ length: 11 }, async (_, n) => ({ bytes: await tinyImage('png'), name: `${n}.png` })));
    const row = (r: Record<string, unknown>) => JSON.stringify([r]);
    const cases: Array<[string, Record<string, FormValue | undefined>, string]> = [
      ['a blank name', { name: '  ' }, 'Product name is required.'],
      ['no name', { name: undefined }, 'Product name is required.'],
      ['no category', { cate_id: undefined }, 'Category is required.'],
      ['an unknown category', { cate_id: '999999' }, 'This category does not exist.'],
      ['no offer', { offer: '' }, 'Offer is required.'],
      ['no description', { description: undefined }, 'Product Description is required'],
      ['a blank description', { description: '   ' }, 'Product Description cannot be empty'],
      ['no specifications', { specifications: undefined }, 'Product Specification is required'],
      ['blank specifications', { specifications: ' ' }, 'Product Specification cannot be empty'],
      ['no materials', { materials: undefined }, 'Please select at least one material.'],
      ['an empty material list', { materials: '[]' }, 'Please select at least one material.'],
      ['materials not JSON', { materials: '1,2' }, 'materials must be a JSON list of material ids, e.g. [1,2].'],
      ['an unknown material', { materials: '[999999]' }, 'Material 999999 does not exist.'],
      ['an unknown size', { size: '[999999]' }, 'Size 999999 does not exist.'],
      ['no carat prices', { caratPrices: undefined }, 'Please add at least one carat price.'],
      ['a row without carat', { caratPrices: row({ inr_price: 1, usd_price: 1 }) }, 'Carat is required'],
      ['a row without INR price', { caratPrices: row({ carat_id: 1, usd_price: 1 }) }, 'INR price is required'],
      ['a row with a blank INR price', { caratPrices: row({ carat_id: 1, inr_price: ' ', usd_price: 1 }) }, 'INR price is required'],
      ['a row without USD price', { caratPrices: row({ carat_id: 1, inr_price: 1 }) }, 'USD price is required'],
      ['a negative price', { caratPrices: row({ carat_id: 1, inr_price: -5, usd_price: 1 }) }, 'INR price must be an amount above 0 with at most 2 decimals.'],
      ['a price with 3 decimals', { caratPrices: row({ carat_id: 1, inr_price: 1, usd_price: '1.005' }) }, 'USD price must be an amount above 0 with at most 2 decimals.'],
      ['a price in exponent form', { caratPrices: row({ carat_id: 1, inr_price: 1e21, usd_price: 1 }) }, 'INR price must be an amount above 0 with at most 2 decimals.'],
      ['an unknown carat', { caratPrices: row({ carat_id: 999999, inr_price: 1, usd_price: 1 }) }, 'Carat 999999 does not exist.'],
      [
        'a carat twice',
        { caratPrices: JSON.stringify([{ carat_id: catalogue.k22, inr_price: 1, usd_price: 1 }, { carat_id: String(catalogue.k22), inr_price: 2, usd_price: 2 }]) },
        'A carat may be chosen only once per product.',
      ],
      ['a blank feature', { key_points: JSON.stringify(['Hallmarked', '  ']) }, 'Feature is required'],
      ['a bad flag', { isReel: 'yes' }, 'isReel must be 0 or 1.'],
      ['no images', { images: undefined }, 'Please select at least one image or video.'],
      ['eleven images', { images: eleven }, 'You can select up to 10 images or videos.'],
      ['a path-like cate_id', { cate_id: '../../1' }, 'Category is required.'],
    ];
    for (const file of await hostileFiles()) cases.push([file.label, { images: file }, `${file.name} is not a valid image or video file.`]);
    const before = { files: mediaFiles(store, 'Products'), rows: await countProducts() };
    for (const [label, overrides, description] of cases) {
      const res = await sendForm(store, '/insertproduct', await productForm(overrides), admin.auth);
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual({ status: 0, description, data: null });
      expectMatchesContract('POST', '/insertproduct', res);
    }
    expect({ files: mediaFiles(store, 'Products'), rows: await countProducts() }).toEqual(before);
    expect(readFileSync(sentinel, 'utf8')).toBe('keep me');
  });

  it('refuses a video over 120MB with 413 while it streams, storing nothing', async () => {
    const before = { files: mediaFiles(store, 'Products'), rows: await countProducts() };
    const boundary = 'big-video-boundary';
    const fields = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHeavy\r\n--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="heavy.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const total = 125 * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(Buffer.concat([fields, mp4Bytes()]));
        else if (sent < total) controller.enqueue(chunk);
        else return controller.close();
        sent += chunk.length;
      },
    });
    const res = await store.app.request('/insertproduct', {
      method: 'POST',
      body,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, ...admin.auth },
      duplex: 'half',
    } as RequestInit);
    const answer = { status: res.status, body: await res.json() };
    expect(answer.body).toEqual({ status: 0, description: 'heavy.mp4 is too large. Max size is 120MB.', data: null });
    expect(answer.status).toBe(413);
    expectMatchesContract('POST', '/insertproduct', answer);
    expect(sent).toBeLessThan(total);
    expect({ files: mediaFiles(store, 'Products'), rows: await countProducts() }).toEqual(before);
  }, 60_000);

  it('refuses callers who are not administrators before reading the form', async () => {
    const before = { files: mediaFiles(store, 'Products'), rows: await countProducts() };
    await expectFormRefused(store, refused, '/insertproduct', () => productForm());
    expect({ files: mediaFiles(store, 'Products'), rows: await countProducts() }).toEqual(before);
  });
});

describe('POST /updateproduct', () => {
  it('changes only the fields sent', async () => {
    const product = await insertViaApi();
    const changes = store.catalogueChanges;
    const res = await sendForm(store, '/updateproduct', formData({ p_id: String(product.p_id), name: 'Lotus Ring II', isReel: '1' }), admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('POST', '/updateproduct', res);
    expect(res.body.data).toMatchObject({ ...product, name: 'Lotus Ring II', isReel: 1 });
    expect(store.catalogueChanges).toBe(changes + 1);
  });

  it('replaces carat prices keeping the pc_id (and the cart lines) of carats that stay', async () => {
    const product = await insertViaApi();
    const [k22row, k18row] = product.productcarats;
    const shopper = await createUser(store);
    const line = { u_id: shopper.u_id, p_id: product.p_id, carat_id: catalogue.k22, cate_id: catalogue.cate_id, m_id: catalogue.m1, size_id: catalogue.s1 };
    await store.db.insertInto('cart_items').values([{ ...line, pc_id: k22row.pc_id }, { ...line, carat_id: catalogue.k18, pc_id: k18row.pc_id }]).execute();
    const res = await sendForm(
      store,
      '/updateproduct',
      formData({ p_id: String(product.p_id), caratPrices: JSON.stringify([{ carat_id: catalogue.k24, inr_price: 70000, usd_price: 840 }, { carat_id: catalogue.k22, inr_price: 55000.25, usd_price: 660 }]) }),
      admin.auth,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.productcarats.map((pc: any) => [pc.carat_id, pc.inr_price, pc.usd_price])).toEqual([
      [catalogue.k24, 70000, 840],
      [catalogue.k22, 55000.25, 660],
    ]);
    expect(res.body.data.productcarats[1].pc_id).toBe(k22row.pc_id);
    const cart = await store.db.selectFrom('cart_items').select('pc_id').where('u_id', '=', shopper.u_id).execute();
    expect(cart).toEqual([{ pc_id: k22row.pc_id }]);
  });

  it('removes and reorders media with keepImages, appends new files, and removes dropped files from disk unless an order shows them', async () => {
    const product = await insertViaApi({
      images: [
        { bytes: await tinyImage('png'), name: 'a.png' },
        { bytes: await tinyImage('jpeg'), name: 'b.jpg' },
        { bytes: await tinyImage('webp'), name: 'c.webp' },
      ],
    });
    const [a, b, c] = product.images.map((m: any) => m.imageUrl);
    // An order bought it while `a` was its picture: the order keeps that picture.
    const { o_id } = await createOrder(store, { p_id: product.p_id });
    await store.db.updateTable('order_items').set({ product_image: a }).where('o_id', '=', o_id).execute();
    const res = await sendForm(
      store,
      '/updateproduct',
      formData({ p_id: String(product.p_id), keepImages: JSON.stringify([c]), images: { bytes: mp4Bytes(), name: 'spin.mp4' } }),
      admin.auth,
    );
    expect(res.status).toBe(200);
    const images = res.body.data.images;
    expect(images[0]).toEqual({ imageUrl: c, type: 'image' });
    expect(images[1]).toEqual({ imageUrl: expect.stringMatching(/^[0-9a-f]{32}\.mp4$/), type: 'video' });
    expect(images).toHaveLength(2);
    expect(existsSync(productFile(a))).toBe(true); // shown by an order
    expect(existsSync(productFile(b))).toBe(false);
    expect(existsSync(productFile(c))).toBe(true);
    expect(existsSync(productFile(images[1].imageUrl))).toBe(true);

    const reordered = await sendForm(store, '/updateproduct', formData({ p_id: String(product.p_id), keepImages: JSON.stringify([images[1].imageUrl, c]) }), admin.auth);
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.images.map((m: any) => m.imageUrl)).toEqual([images[1].imageUrl, c]);
  });

  it('changes category, materials and sizes; sent back unchanged they stay as stored; the lines of its shoppers follow the category', async () => {
    const product = await insertViaApi();
    const same = await sendForm(
      store,
      '/updateproduct',
      formData({ p_id: String(product.p_id), cate_id: String(catalogue.cate_id), materials: JSON.stringify([catalogue.m2, catalogue.m1]), size: JSON.stringify([catalogue.s1]), offer: 'Festive offer' }),
      admin.auth,
    );
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ offer: 'Festive offer', cate_id: catalogue.cate_id, materials: [catalogue.m1, catalogue.m2], size: [catalogue.s1] });

    const shopper = await createUser(store);
    const line = { u_id: shopper.u_id, p_id: product.p_id, pc_id: product.productcarats[0].pc_id, carat_id: catalogue.k22, cate_id: catalogue.cate_id, m_id: catalogue.m2, size_id: catalogue.s1 };
    await store.db.insertInto('cart_items').values(line).execute();
    await store.db.insertInto('wishlist_items').values(line).execute();
    const changes = store.catalogueChanges;
    const res = await sendForm(
      store,
      '/updateproduct',
      formData({ p_id: String(product.p_id), cate_id: String(catalogue.other_cate_id), materials: JSON.stringify([catalogue.m2]), size: JSON.stringify([catalogue.s2, catalogue.s1]) }),
      admin.auth,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectMatchesContract('POST', '/updateproduct', res);
    expect(res.body.data).toMatchObject({ cate_id: catalogue.other_cate_id, materials: [catalogue.m2], size: [catalogue.s2, catalogue.s1] });
    expect(store.catalogueChanges).toBe(changes + 1);
    for (const table of ['cart_items', 'wishlist_items'] as const) {
      expect(await store.db.selectFrom(table).select(['cate_id', 'm_id', 'size_id']).where('u_id', '=', shopper.u_id).execute()).toEqual([
        { cate_id: catalogue.other_cate_id, m_id: catalogue.m2, size_id: catalogue.s1 },
      ]);
    }
    // A product in one size: no sizes.
    const oneSize = await sendForm(store, '/updateproduct', formData({ p_id: String(product.p_id), size: '[]' }), admin.auth);
    expect(oneSize.status).toBe(200);
    expect(oneSize.body.data.size).toEqual([]);
    expect((await call(store, 'POST', '/getproductbyid', { p_id: product.p_id })).body.data).toMatchObject({ cate_id: catalogue.other_cate_id, materials: [catalogue.m2], size: [] });
  });

  it('refuses a category, material or size that does not exist and an empty material list, changing nothing', async () => {
    const product = await insertViaApi();
    const cases: Array<[Record<string, string>, string]> = [
      [{ cate_id: '999999' }, 'This category does not exist.'],
      [{ materials: JSON.stringify([catalogue.m1, 999999]) }, 'Material 999999 does not exist.'],
      [{ size: JSON.stringify([999998]) }, 'Size 999998 does not exist.'],
      [{ materials: '[]' }, 'Please select at least one material.'],
    ];
    for (const [change, description] of cases) {
      const res = await sendForm(store, '/updateproduct', formData({ p_id: String(product.p_id), name: 'Changed', ...change }), admin.auth);
      expect(res.status, description).toBe(400);
      expect(res.body.description).toBe(description);
      expectMatchesContract('POST', '/updateproduct', res);
    }
    expect((await call(store, 'POST', '/getproductbyid', { p_id: product.p_id })).body.data).toEqual({ ...product, promises: expect.any(Array) });
  });

  it('leaves the cart and wishlist lines of a material or size no longer offered in place, unavailable and refused at checkout (never a 500), until it is offered again', async () => {
    const product = await insertViaApi({ size: '[]' });
    const shopper = await createUser(store);
    const pc = product.productcarats[0];
    const choice = (m_id: number) => ({ p_id: product.p_id, pc_id: pc.pc_id, carat_id: pc.carat_id, cate_id: catalogue.cate_id, m_id, size_id: null });
    for (const m_id of [catalogue.m1, catalogue.m2]) {
      expect((await call(store, 'POST', '/createcart', { u_id: shopper.u_id, ...choice(m_id), quantity: 1 }, shopper.auth)).status).toBe(201);
    }
    expect((await call(store, 'POST', '/createwishlist', { u_id: shopper.u_id, ...choice(catalogue.m1) }, shopper.auth)).status).toBe(201);
    const shown = async () => {
      const cart = await call(store, 'GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth);
      const wishlist = await call(store, 'GET', `/getwishlist/${shopper.u_id}`, undefined, shopper.auth);
      expect([cart.status, wishlist.status]).toEqual([200, 200]);
      expectMatchesContract('GET', `/getcart/${shopper.u_id}`, cart);
      expectMatchesContract('GET', `/getwishlist/${shopper.u_id}`, wishlist);
      const view = (l: any) => [l.m_id, l.available, l.material_name !== null];
      return { cart: cart.body.data.map(view), wishlist: wishlist.body.data.map(view) };
    };
    const edit = (fields: Record<string, string>) => sendForm(store, '/updateproduct', formData({ p_id: String(product.p_id), ...fields }), admin.auth);
    const order = () => orderCod(store, shopper, { subtotal: pc.inr_price * 2 });

    // m1 is no longer offered: its lines stay, unavailable; the other line is untouched.
    expect((await edit({ materials: JSON.stringify([catalogue.m2]) })).status).toBe(200);
    expect(await shown()).toEqual({ cart: [[catalogue.m1, false, false], [catalogue.m2, true, true]], wishlist: [[catalogue.m1, false, false]] });
    let placed = await order();
    expect(placed.status).toBe(400);
    expect(placed.body.description).toBe('This material is not offered for this product.');
    const moved = await call(store, 'POST', '/createcart', { u_id: shopper.u_id, ...choice(catalogue.m1), quantity: 1 }, shopper.auth);
    expect(moved.status).toBe(400);
    expect(moved.body.description).toBe('This material is not offered for this product.');

    // Sizes now offered: a line chosen without a size is unavailable until it is one size again.
    expect((await edit({ materials: JSON.stringify([catalogue.m1, catalogue.m2]), size: JSON.stringify([catalogue.s1]) })).status).toBe(200);
    expect(await shown()).toEqual({ cart: [[catalogue.m1, false, true], [catalogue.m2, false, true]], wishlist: [[catalogue.m1, false, true]] });
    placed = await order();
    expect(placed.status).toBe(400);
    expect(placed.body.description).toBe('Please select a size.');

    // Offered again: the lines are as the shopper left them and can be ordered.
    expect((await edit({ size: '[]' })).status).toBe(200);
    expect(await shown()).toEqual({ cart: [[catalogue.m1, true, true], [catalogue.m2, true, true]], wishlist: [[catalogue.m1, true, true]] });
    expect((await order()).status).toBe(201);
  });

  it('never keeps or touches a file that is not this product\'s, whatever keepImages names', async () => {
    const product = await insertViaApi();
    const other = await insertViaApi();
    const otherFile = other.images[0].imageUrl;
    const before = mediaFiles(store, 'Products');
    const hostile = [otherFile, '../../sentinel.txt', sentinel, '..%2F..%2Fsentinel.txt', '../Category/x.png', 'C:\\sentinel.txt'];
    for (const name of hostile) {
      const res = await sendForm(store, '/updateproduct', formData({ p_id: String(product.p_id), keepImages: JSON.stringify([name]) }), admin.auth);
      expect(res.status, name).toBe(400);
      expect(res.body.description, name).toBe(`${name} is not an image or video of this product.`);
      expectMatchesContract('POST', '/updateproduct', res);
    }
    expect(mediaFiles(store, 'Products')).toEqual(before);
    expect(readFileSync(sentinel, 'utf8')).toBe('keep me');
    expect((await call(store, 'POST', '/getproductbyid', { p_id: product.p_id })).body.data.images).toEqual(product.images);
  });

  it('refuses an edit that leaves no media, an unknown product, bad fields and non-administrators, changing nothing', async () => {
    const product = await insertViaApi();
    const png = { bytes: await tinyImage('png'), name: 'new.png' };
    const before = { files: mediaFiles(store, 'Products'), rows: await countProducts() };
    const cases: Array<[string, Record<string, FormValue>, number, string]> = [
      ['no media left', { p_id: String(product.p_id), keepImages: '[]' }, 400, 'Please select at least one image or video.'],
      ['an unknown product', { p_id: '999999', name: 'X', images: png }, 404, 'Product not found.'],
      ['no p_id', { name: 'X' }, 400, 'p_id must be a record id (a whole number, 1 or more).'],
      ['a blank name', { p_id: String(product.p_id), name: ' ', images: png }, 400, 'Product name is required.'],
      ['a carat twice', { p_id: String(product.p_id), caratPrices: JSON.stringify([{ carat_id: catalogue.k18, inr_price: 1, usd_price: 1 }, { carat_id: catalogue.k18, inr_price: 1, usd_price: 1 }]) }, 400, 'A carat may be chosen only once per product.'],
      ['keepImages not JSON', { p_id: String(product.p_id), keepImages: 'a.jpg' }, 400, 'keepImages must be a JSON list of file names, e.g. ["ab12.jpg"].'],
      ['too many media', { p_id: String(product.p_id), images: Array.from({ length: 9 }, () => png) }, 400, 'A product can have at most 10 images or videos.'],
    ];
    for (const [label, entries, status, description] of cases) {
      const res = await sendForm(store, '/updateproduct', formData(entries), admin.auth);
      expect(res.status, label).toBe(status);
      expect(res.body.description, label).toBe(description);
      expectMatchesContract('POST', '/updateproduct', res);
    }
    await expectFormRefused(store, refused, '/updateproduct', () => formData({ p_id: String(product.p_id), name: 'Hacked', images: png }));
    expect({ files: mediaFiles(store, 'Products'), rows: await countProducts() }).toEqual(before);
    expect((await call(store, 'POST', '/getproductbyid', { p_id: product.p_id })).body.data).toEqual({ ...product, promises: expect.any(Array) });
  });
});

describe('POST /changeproductstatus', () => {
  it('deactivates and activates a product; shoppers stop and start seeing it', async () => {
    const product = await insertViaApi();
    const changes = store.catalogueChanges;
    const off = await call(store, 'POST', '/changeproductstatus', { p_status: 0, p_id: product.p_id }, admin.auth);
    expect(off.status).toBe(200);
    expectMatchesContract('POST', '/changeproductstatus', off);
    expect(off.body).toEqual({ status: 1, description: 'Product deactivated successfully.', data: { p_id: product.p_id, p_status: 0 } });
    expect((await call(store, 'POST', '/getproductbyid', { p_id: product.p_id })).status).toBe(404);
    const on = await call(store, 'POST', '/changeproductstatus', { p_status: '1', p_id: String(product.p_id) }, admin.auth);
    expect(on.body).toEqual({ status: 1, description: 'Product activated successfully.', data: { p_id: product.p_id, p_status: 1 } });
    expect((await call(store, 'POST', '/getproductbyid', { p_id: product.p_id })).status).toBe(200);
    expect(store.catalogueChanges).toBe(changes + 2);
  });

  it('refuses a status other than 0 or 1, an unknown product and non-administrators', async () => {
    const { p_id } = await createProduct(store);
    await expectAnswers(store, 'POST', '/changeproductstatus', [
      [{ p_status: 2, p_id }, admin.auth, 400, 'p_status must be 0 or 1.'],
      [{ p_status: 'off', p_id }, admin.auth, 400, 'p_status must be 0 or 1.'],
      [{ p_status: 0 }, admin.auth, 400, 'p_id must be a record id (a whole number, 1 or more).'],
      [{ p_status: 0, p_id: 999999 }, admin.auth, 404, 'Product not found.'],
      ...refused.map(([, headers]): AnswerCase => [{ p_status: 0, p_id }, headers, 403, expect.any(String)]),
    ]);
    expect((await store.db.selectFrom('products').select('p_status').where('p_id', '=', p_id).executeTakeFirstOrThrow()).p_status).toBe(1);
  });
});

describe('DELETE /deleteproduct', () => {
  it('deletes the product, its files, its reviews and their images; orders keep their copy; its category can then go', async () => {
    const category = await createCategory(store);
    const product = await insertViaApi({ cate_id: String(category.cate_id) });
    const shopper = await createUser(store);
    const { o_id } = await createOrder(store, { u_id: shopper.u_id, p_id: product.p_id });
    const reviewImage = 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4.png';
    mkdirSync(path.join(store.config.mediaDir, 'Reviews'), { recursive: true });
    writeFileSync(path.join(store.config.mediaDir, 'Reviews', reviewImage), await tinyImage('png'));
    const { r_id } = await store.db.insertInto('reviews').values({ u_id: shopper.u_id, u_name: 'Asha', p_id: product.p_id, message: 'Lovely', rating: 5 }).returning('r_id').executeTakeFirstOrThrow();
    await store.db.insertInto('review_images').values({ r_id, file_name: reviewImage }).execute();

    const res = await call(store, 'DELETE', `/deleteproduct?p_id=${product.p_id}`, undefined, admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('DELETE', '/deleteproduct', res);
    for (const m of product.images) expect(existsSync(productFile(m.imageUrl))).toBe(false);
    expect(existsSync(path.join(store.config.mediaDir, 'Reviews', reviewImage))).toBe(false);
    expect(await store.db.selectFrom('reviews').select('r_id').where('r_id', '=', r_id).executeTakeFirst()).toBeUndefined();
    const item = await store.db.selectFrom('order_items').select(['p_id', 'product_name']).where('o_id', '=', o_id).executeTakeFirstOrThrow();
    expect(item).toEqual({ p_id: null, product_name: 'Lotus Ring' });
    expect((await call(store, 'DELETE', `/deletecategory?cate_id=${category.cate_id}`, undefined, admin.auth)).status).toBe(200);
  });

  it('keeps a file another product still names (a shared reel) until the last product naming it goes', async () => {
    const reel = 'da7aba5eda7aba5eda7aba5eda7aba5e.mp4';
    writeFileSync(productFile(reel), mp4Bytes());
    const first = await createProduct(store, { media: [{ file_name: reel, kind: 'video' }] });
    const second = await createProduct(store, { media: [{ file_name: reel, kind: 'video' }, { file_name: 'still.png', kind: 'image' }] });
    expect((await call(store, 'DELETE', `/deleteproduct?p_id=${first.p_id}`, undefined, admin.auth)).status).toBe(200);
    expect(existsSync(productFile(reel))).toBe(true);
    const dropped = await sendForm(store, '/updateproduct', formData({ p_id: String(second.p_id), keepImages: JSON.stringify(['still.png']) }), admin.auth);
    expect(dropped.status).toBe(200);
    expect(existsSync(productFile(reel))).toBe(false);
  });

  it('refuses an unknown product and non-administrators', async () => {
    const { p_id } = await createProduct(store);
    const unknown = await call(store, 'DELETE', '/deleteproduct?p_id=999999', undefined, admin.auth);
    expect(unknown.status).toBe(404);
    expectMatchesContract('DELETE', '/deleteproduct', unknown);
    await expectRefused(store, refused, [['DELETE', `/deleteproduct?p_id=${p_id}`]]);
    expect(await store.db.selectFrom('products').select('p_id').where('p_id', '=', p_id).executeTakeFirst()).toBeDefined();
  });
});
