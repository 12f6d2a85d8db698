/**
 * A large catalogue for trying the store at scale (paging, filters, search,
 * the static build): thousands of products made from the demo's designs,
 * reusing the demo's photos instead of drawing new ones.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { type MediaStore, mediaKey } from '../media-store.ts';
import type { Database } from '../schema.ts';
import type { Gem, Metal } from './art/paint.ts';
import { CATEGORIES, materialsOf, PRODUCTS, type ProductSeed, sizesOf } from './catalogue.ts';
import { daysBefore } from './clock.ts';
import { currentSeedRates, isEmptyStore, type Lookups, productDraft, type SeedConfig, type SeedRates, seedDemo, seedMediaStore } from './demo.ts';
import { seedFileName } from './media.ts';
import { insertProducts, type ProductDraft } from './products.ts';
import { createRandom, type Random } from './random.ts';
import { writeTransaction } from '../transaction.ts';

type Db = Kysely<Database>;

/** Products per transaction: big enough to be quick, small enough not to hold the write lock for long. */
const BATCH = 500;

/** Names a product line could carry; with the style and stone they make thousands of distinct names. */
const LINE_NAMES = [
  'Aadya', 'Aanya', 'Ahana', 'Amrita', 'Anika', 'Avni', 'Bhavya', 'Charvi', 'Devika', 'Diya',
  'Gauri', 'Ira', 'Ishani', 'Jiya', 'Kaveri', 'Laila', 'Madhavi', 'Mahi', 'Mira', 'Myra',
  'Naina', 'Niharika', 'Nitya', 'Pari', 'Prisha', 'Radha', 'Riya', 'Saanvi', 'Sakhi', 'Shreya',
  'Sia', 'Suhana', 'Tanvi', 'Trisha', 'Urvi', 'Vamika', 'Vedika', 'Zara', 'Aarna', 'Kashvi',
];

/** What a piece of each style is called in a product name. */
const STYLE_NOUNS: Record<string, Record<string, string>> = {
  Rings: { solitaire: 'Solitaire Ring', halo: 'Halo Ring', cluster: 'Cluster Ring', navratna: 'Navratna Ring', eternity: 'Eternity Band', band: 'Gold Band' },
  Earrings: { jhumka: 'Jhumkas', studs: 'Studs', hoops: 'Hoops', chandbali: 'Chandbalis', drops: 'Drop Earrings' },
  Necklaces: { temple: 'Temple Necklace', choker: 'Choker', diamond: 'Necklace', coins: 'Coin Necklace', pearl: 'Pearl Haar' },
  Bangles: { kada: 'Kada', nakshi: 'Nakshi Bangle', twist: 'Twist Bangle', jaal: 'Jaal Bangle', pair: 'Bangle Pair', plain: 'Bangle' },
  Pendants: { heart: 'Heart Pendant', drop: 'Drop Pendant', lotus: 'Lotus Pendant', coin: 'Coin Pendant', evileye: 'Evil Eye Pendant', solitaire: 'Solitaire Pendant' },
  Chains: { cable: 'Cable Chain', rope: 'Rope Chain', box: 'Box Chain', figaro: 'Figaro Chain', curb: 'Curb Chain', wheat: 'Wheat Chain' },
  Mangalsutra: { vati: 'Vati Mangalsutra', diamond: 'Diamond Mangalsutra', solitaire: 'Solitaire Mangalsutra' },
  'Nose Pins': { flower: 'Flower Nose Pin', star: 'Star Nose Pin', solitaire: 'Nose Stud', nath: 'Nath', leaf: 'Leaf Nose Pin' },
  Bracelets: { tennis: 'Tennis Bracelet', link: 'Link Bracelet', charm: 'Charm Bracelet', infinity: 'Infinity Bracelet', nazariya: 'Nazariya Bracelet', pearl: 'Pearl Bracelet' },
};

const GEM_WORDS: Partial<Record<Gem, string>> = { diamond: 'Diamond', ruby: 'Ruby', emerald: 'Emerald', sapphire: 'Sapphire', pearl: 'Pearl' };
const METAL_WORDS: Record<Metal, string> = { yellow: '', rose: 'Rose Gold', white: 'White Gold' };

const OFFERS = [...new Set(PRODUCTS.map((p) => p.offer))];

/** A demo design whose photos are in the database, to dress the generated products in. */
interface Template {
  seed: ProductSeed;
  photos: string[];
}

/**
 * Adds `count` products across the existing categories, in transactions of
 * 500. Each is a variation (name, weight, stones, price, offer, date) on one
 * of the demo's designs and shows that design's photos, hard-linked under new
 * names so deleting one product's files never takes another's. Seeds the demo
 * first when the database is empty. Returns the number of products added.
 */
export async function seedLargeCatalogue(db: Db, config: SeedConfig, count: number): Promise<number> {
  if (count <= 0) return 0;
  if (await isEmptyStore(db)) await seedDemo(db, config);
  const lookups = await readLookups(db);
  const templates = await readTemplates(db, lookups);
  const rng = createRandom(count * 31 + 7);
  const now = new Date();
  const store = seedMediaStore(config);
  const rates = await currentSeedRates(db);
  let added = 0;
  while (added < count) {
    const size = Math.min(BATCH, count - added);
    const files: string[] = [];
    try {
      const drafts = await Promise.all(
        Array.from({ length: size }, (_, i) => largeDraft(templates, lookups, rng, now, rates, added + i, store, files)),
      );
      await writeTransaction(db, (trx) => insertProducts(trx, drafts));
    } catch (error) {
      await store.remove(files);
      throw error;
    }
    added += size;
  }
  return added;
}

/** The demo's categories, carats, materials and sizes by name, as they are in the database now. */
async function readLookups(db: Db): Promise<Lookups> {
  const [categories, carats, materials, sizes] = await Promise.all([
    db.selectFrom('categories').select(['cate_id', 'cate_name']).where('cate_status', '=', 1).execute(),
    db.selectFrom('carats').select(['carat_id', 'name']).execute(),
    db.selectFrom('materials').select(['m_id', 'name']).execute(),
    db.selectFrom('sizes').select(['size_id', 'size_name']).execute(),
  ]);
  for (const carat of ['18K', '22K']) {
    if (!carats.some((c) => c.name === carat)) throw new Error(`large catalogue: the store has no ${carat} carat; it builds on the demo catalogue`);
  }
  return {
    categories: new Map(categories.map((c) => [c.cate_name, c.cate_id])),
    carats: new Map(carats.map((c) => [c.name, c.carat_id])),
    materials: new Map(materials.map((m) => [m.name, m.m_id])),
    sizes: new Map(sizes.map((s) => [s.size_name, s.size_id])),
  };
}

/**
 * The demo designs still in the store with their photos (found by the demo
 * product's name), limited to those whose category, materials and sizes exist.
 */
async function readTemplates(db: Db, lookups: Lookups): Promise<Template[]> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('product_media', 'product_media.p_id', 'products.p_id')
    .select(['products.name', 'product_media.file_name'])
    .where('product_media.kind', '=', 'image')
    .where('products.name', 'in', PRODUCTS.map((p) => p.name))
    .orderBy('products.p_id')
    .orderBy('product_media.position')
    .execute();
  const photos = new Map<string, string[]>();
  for (const row of rows) photos.set(row.name, [...(photos.get(row.name) ?? []), row.file_name]);
  const templates = PRODUCTS.flatMap((seed) => {
    const files = photos.get(seed.name);
    // A category, material or size of this design may have been deleted in the back office.
    const usable = files && lookups.categories.has(seed.category) &&
      materialsOf(seed).every((m) => lookups.materials.has(m)) && sizesOf(seed).every((s) => lookups.sizes.has(s));
    return usable ? [{ seed, photos: files.slice(0, 2) }] : [];
  });
  if (templates.length === 0) throw new Error('large catalogue: none of the demo products and photos are left to build on');
  return templates;
}

/** One generated product: a variation on a template, its photos linked under fresh names. */
async function largeDraft(templates: Template[], lookups: Lookups, rng: Random, now: Date, rates: SeedRates, n: number, store: MediaStore, files: string[]): Promise<ProductDraft> {
  // Walk the categories in turn so every category grows evenly.
  const category = CATEGORIES[n % CATEGORIES.length].name;
  const inCategory = templates.filter((t) => t.seed.category === category);
  const template = rng.pick(inCategory.length > 0 ? inCategory : templates);
  const scale = rng.between(0.8, 1.3);
  const seed: ProductSeed = {
    ...template.seed,
    grams: Math.round(template.seed.grams * scale * 10) / 10,
    stones: template.seed.stones && { text: template.seed.stones.text, inr: Math.round(template.seed.stones.inr * scale) },
    offer: rng.pick(OFFERS),
    bestseller: false,
    reel: undefined,
  };
  const media = await Promise.all(template.photos.map(async (photo) => ({ file_name: await linkPhoto(store, photo, n, files), kind: 'image' as const })));
  // Older than every demo product, so the curated demo stays on top of New Arrivals.
  const created = daysBefore(now, rng.between(160, 1100));
  return productDraft(seed, lookups, media, created, rates, productName(template.seed, rng), { madeToOrder: true });
}

function productName(seed: ProductSeed, rng: Random): string {
  const noun = STYLE_NOUNS[seed.category]?.[seed.style] ?? seed.category;
  const stone = GEM_WORDS[seed.gem];
  const metal = METAL_WORDS[seed.metal];
  const words = [rng.pick(LINE_NAMES), stone && !noun.includes(stone) ? stone : metal, noun].filter(Boolean);
  return words.join(' ');
}

/** A new name for an existing photo: a hard link on disk (no copy), a server-side copy in a bucket. */
async function linkPhoto(store: MediaStore, photo: string, n: number, files: string[]): Promise<string> {
  const name = seedFileName('catalogue', n + 1, path.extname(photo).slice(1) || 'jpg');
  const target = mediaKey('Products', name)!;
  await store.copy(mediaKey('Products', photo)!, target);
  files.push(target);
  return name;
}
