/**
 * The shop's search: what a shopper types, understood as a jeweller would.
 *
 * - Every word counts: a product matches when each word of the text matches one
 *   of its fields (name, category, materials, carats, description, key points).
 * - A word matches as a prefix (while typing: "neckl" finds necklaces), as one of
 *   the jeweller's words the administrator maps to the catalogue's (search_synonyms:
 *   "jhumka" -> "earrings"), or, when it matches nothing as typed, as a catalogue
 *   word one edit away ("neckalce", "jhumkaa": a letter added, dropped, changed or
 *   two swapped).
 * - Ranked by where the words matched (name before category, category before
 *   materials and carats, those before description and key points), then best
 *   sellers, then newest.
 *
 * The documents (search_documents) are rebuilt from the catalogue whenever its row
 * version moves on, by whichever process asks first; the engine's own full-text
 * index over them finds the candidates (SQLite: FTS5; PostgreSQL: pg_trgm word
 * starts), and the ranking is done here, the same on both engines.
 */

import { type Kysely, sql } from 'kysely';
import { engineOf } from '../../migrations/portable.ts';
import { conflictError, notFoundError } from '../../rules/errors.ts';
import { recordChange } from '../audit.ts';
import type { DB } from '../connection.ts';
import type { Database } from '../schema.ts';
import { writeTransaction } from '../transaction.ts';
import { bumpCatalogueRowsVersion, catalogueRowsVersion } from './catalogue-rows-version.ts';

/** Lowercase words, diacritics dropped: "Men's 22K Gold" -> ["men", "s", "22k", "gold"]. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Words that say nothing about a piece ("gold ring for women"): skipped when other words remain. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'for', 'with', 'of', 'in', 'on', 'to', 'by', 'from', 'my', 'her', 'his', 'me', 'under', 'jewellery', 'jewelry']);

/** What a match through a synonym's expansion is worth against the word as typed. */
const SYNONYM_WEIGHT = 0.5;

/** Where a word matched, best first; the weight a match there adds to a product's score. */
export const FIELD_WEIGHTS = { name: 8, category: 4, material: 2, carat: 2, text: 1 } as const;

/**
 * Damerau-Levenshtein distance of at most one (one letter added, dropped, changed,
 * or two neighbours swapped): answers whether a and b are that close.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // changed
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1); // dropped or added
}

/** Edit distance (insert, delete, change, swap), for ordering suggestions. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/* ----------------------------------------------------------------- the index */

interface DocumentFields {
  name: string[];
  category: string[];
  material: string[];
  carat: string[];
}

/** What a search needs in memory for one catalogue version: kept per database. */
interface SearchState {
  version: string;
  /** Catalogue words, sorted, with how many documents hold each. */
  terms: string[];
  docs: Map<string, number>;
  /** Shopper's word -> the catalogue words it stands for (each a list: a phrase). */
  synonyms: Map<string, string[][]>;
  fields: Map<number, DocumentFields>;
  /** Ranked matches by normalised text (see searchMatches), dropped with the state. */
  results: Map<string, Promise<SearchResult>>;
}

const states = new WeakMap<DB, { version: string; state: Promise<SearchState> }>();

/** The search index for the catalogue as it is now: rebuilt first when the catalogue changed. */
async function searchState(db: DB): Promise<SearchState> {
  const version = (await catalogueRowsVersion(db)) ?? '';
  const held = states.get(db);
  if (held && held.version === version) return held.state;
  const state = (async () => {
    await refreshSearchDocuments(db);
    return loadState(db, version);
  })();
  states.set(db, { version, state });
  state.catch(() => {
    if (states.get(db)?.state === state) states.delete(db);
  });
  return state;
}

/**
 * Brings search_documents (and the engine's index over them) and search_terms up to
 * the catalogue's current row version, unless some process already did. One
 * transaction: readers see the old documents or the new, never half.
 */
export async function refreshSearchDocuments(db: DB): Promise<void> {
  const done = await db.selectFrom('site_state').select('value').where('key', '=', 'search_index_version').executeTakeFirst();
  const wanted = await db.selectFrom('site_state').select('value').where('key', '=', 'catalogue_rows_version').executeTakeFirst();
  if (done && wanted && done.value === wanted.value) return;
  await writeTransaction(db, async (trx) => {
    const [current, version] = await Promise.all([
      trx.selectFrom('site_state').select('value').where('key', '=', 'search_index_version').executeTakeFirst(),
      trx.selectFrom('site_state').select('value').where('key', '=', 'catalogue_rows_version').executeTakeFirst(),
    ]);
    if (current && version && current.value === version.value) return;
    await rebuildDocuments(trx);
    await trx
      .insertInto('site_state')
      .values({ key: 'search_index_version', value: version?.value ?? '' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: version?.value ?? '' }))
      .execute();
    // Upkeep of the search index after a change, which recorded itself: nobody's change of its own.
  }, { audit: 'none' });
}

const CHUNK = 400;

async function rebuildDocuments(trx: Kysely<Database>): Promise<void> {
  const [products, materials, carats, keyPoints] = await Promise.all([
    trx
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.cate_id', 'p.cate_id')
      .select(['p.p_id', 'p.name', 'p.description', 'c.cate_name'])
      .where('p.p_status', '=', 1)
      .where('c.cate_status', '=', 1)
      .orderBy('p.p_id')
      .execute(),
    trx.selectFrom('product_materials as pm').innerJoin('materials as m', 'm.m_id', 'pm.m_id').select(['pm.p_id', 'm.name']).orderBy('pm.p_id').orderBy('pm.position').execute(),
    trx.selectFrom('product_carats as pc').innerJoin('carats as k', 'k.carat_id', 'pc.carat_id').select(['pc.p_id', 'k.name']).orderBy('pc.p_id').orderBy('pc.position').execute(),
    trx.selectFrom('product_key_points').select(['p_id', 'text']).orderBy('p_id').orderBy('position').execute(),
  ]);
  const joined = (rows: { p_id: number }[], pick: (row: never) => string) => {
    const out = new Map<number, string[]>();
    for (const row of rows) {
      const list = out.get(row.p_id) ?? [];
      const value = pick(row as never);
      if (!list.includes(value)) list.push(value);
      out.set(row.p_id, list);
    }
    return out;
  };
  const materialsOf = joined(materials, (r: { name: string }) => r.name);
  const caratsOf = joined(carats, (r: { name: string }) => r.name);
  const pointsOf = joined(keyPoints, (r: { text: string }) => r.text);
  const docs = products.map((p) => {
    const material = (materialsOf.get(p.p_id) ?? []).join(' ');
    const carat = (caratsOf.get(p.p_id) ?? []).join(' ');
    const key_points = (pointsOf.get(p.p_id) ?? []).join('\n');
    const fields = [p.name, p.cate_name, material, carat, p.description, key_points];
    return {
      p_id: p.p_id,
      name: p.name,
      category: p.cate_name,
      material,
      carat,
      description: p.description,
      key_points,
      body: searchWords(fields.join(' ')).join(' '),
    };
  });
  const counts = new Map<string, number>();
  for (const doc of docs) for (const word of new Set(doc.body.split(' '))) if (word) counts.set(word, (counts.get(word) ?? 0) + 1);

  await trx.deleteFrom('search_documents').execute();
  await trx.deleteFrom('search_terms').execute();
  for (let i = 0; i < docs.length; i += CHUNK) await trx.insertInto('search_documents').values(docs.slice(i, i + CHUNK)).execute();
  const terms = [...counts].map(([term, docs]) => ({ term, docs }));
  for (let i = 0; i < terms.length; i += CHUNK) await trx.insertInto('search_terms').values(terms.slice(i, i + CHUNK)).execute();
  if (engineOf(trx) === 'sqlite') await sql`insert into search_fts(search_fts) values ('rebuild')`.execute(trx);
}

async function loadState(db: DB, version: string): Promise<SearchState> {
  const [documents, terms, synonyms] = await Promise.all([
    db.selectFrom('search_documents').select(['p_id', 'name', 'category', 'material', 'carat']).execute(),
    db.selectFrom('search_terms').select(['term', 'docs']).execute(),
    db.selectFrom('search_synonyms').select(['term', 'expands_to']).execute(),
  ]);
  const fields = new Map<number, DocumentFields>();
  for (const d of documents) {
    fields.set(d.p_id, { name: searchWords(d.name), category: searchWords(d.category), material: searchWords(d.material), carat: searchWords(d.carat) });
  }
  const synonymMap = new Map<string, string[][]>();
  for (const s of synonyms) {
    const key = searchWords(s.term).join(' ');
    const phrase = searchWords(s.expands_to);
    if (!key || phrase.length === 0) continue;
    synonymMap.set(key, [...(synonymMap.get(key) ?? []), phrase]);
  }
  const sorted = terms.map((t) => t.term).sort();
  return { version, terms: sorted, docs: new Map(terms.map((t) => [t.term, t.docs])), synonyms: synonymMap, fields, results: new Map() };
}

/* ---------------------------------------------------------------- the query */

/** One word of the shopper's text and the catalogue phrases it may stand for. */
export interface QueryWord {
  word: string;
  /** Each alternative is a phrase of words, its last one matched as a prefix. */
  alternatives: string[][];
  /**
   * What a match through each alternative is worth: 1 for the word as typed (or
   * its typo's correction), less for a synonym's expansion, so "solitaire" ranks
   * the solitaire ring before other diamond pieces.
   */
  weights: number[];
  /** How the word was understood: as typed (or a prefix), through a synonym, or as a typo of one. */
  via: 'typed' | 'synonym' | 'typo' | 'none';
}

/** The first index in a sorted list at which a value >= key would go. */
function lowerBound(list: string[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function hasPrefix(list: string[], prefix: string): boolean {
  const i = lowerBound(list, prefix);
  return i < list.length && list[i].startsWith(prefix);
}

/** Understands each word of the text against the catalogue's words and the synonyms. */
export function parseQuery(state: Pick<SearchState, 'terms' | 'synonyms'>, text: string): QueryWord[] {
  const all = searchWords(text).slice(0, 12);
  const words = all.some((w) => !STOP_WORDS.has(w)) ? all.filter((w) => !STOP_WORDS.has(w)) : all;
  const synonymKeys = [...state.synonyms.keys()];
  return [...new Set(words)].map((word, index, list) => {
    const last = index === list.length - 1;
    const alternatives: string[][] = [];
    const weights: number[] = [];
    const add = (phrase: string[], weight: number) => {
      const at = alternatives.findIndex((a) => a.join(' ') === phrase.join(' '));
      if (at >= 0) weights[at] = Math.max(weights[at], weight);
      else {
        alternatives.push(phrase);
        weights.push(weight);
      }
    };
    if (hasPrefix(state.terms, word)) add([word], 1);
    for (const phrase of state.synonyms.get(word) ?? []) add(phrase, SYNONYM_WEIGHT);
    if (last && word.length >= 3) {
      for (const key of synonymKeys) if (key !== word && key.startsWith(word)) for (const phrase of state.synonyms.get(key) ?? []) add(phrase, SYNONYM_WEIGHT);
    }
    if (alternatives.length > 0) return { word, alternatives, weights, via: hasPrefix(state.terms, word) ? 'typed' : 'synonym' };
    if (word.length >= 4) {
      // One typo forgiven: a catalogue word or a synonym one edit away (while typing, the start of one).
      for (const term of state.terms) {
        if (withinOneEdit(word, term) || (last && word.length >= 5 && term.length > word.length && withinOneEdit(word, term.slice(0, word.length)))) add([term], 1);
      }
      for (const key of synonymKeys) if (withinOneEdit(word, key)) for (const phrase of state.synonyms.get(key) ?? []) add(phrase, SYNONYM_WEIGHT);
      if (alternatives.length > 0) return { word, alternatives, weights, via: 'typo' };
    }
    return { word, alternatives, weights, via: 'none' };
  });
}

/** A product's score: for each word, the weight of the best field it matched in. */
function scoreOf(fields: DocumentFields | undefined, words: QueryWord[]): number {
  if (!fields) return words.length * FIELD_WEIGHTS.text;
  let score = 0;
  for (const w of words) {
    let best = 0;
    w.alternatives.forEach((phrase, a) => {
      const inField = (tokens: string[]) => phrase.every((part, i) => tokens.some((t) => (i === phrase.length - 1 ? t.startsWith(part) : t === part)));
      const field = inField(fields.name)
        ? FIELD_WEIGHTS.name
        : inField(fields.category)
          ? FIELD_WEIGHTS.category
          : inField(fields.material) || inField(fields.carat)
            ? FIELD_WEIGHTS.material
            : FIELD_WEIGHTS.text;
      best = Math.max(best, field * w.weights[a]);
    });
    score += best;
  }
  return score;
}

/** FTS5's query text: every word (AND), each one any of its alternatives (OR), phrases prefix-matched. */
export function ftsQuery(words: QueryWord[]): string {
  const quote = (w: string) => `"${w.replace(/"/g, '""')}"`;
  return words
    .map((w) => `(${w.alternatives.map((phrase) => `${phrase.length > 1 ? `${phrase.map(quote).join(' + ')}` : quote(phrase[0])}*`).join(' OR ')})`)
    .join(' AND ');
}

/** The ids of the documents every word matches, by the engine's own index. */
async function candidateIds(db: DB, words: QueryWord[]): Promise<number[]> {
  if (engineOf(db) === 'sqlite') {
    const { rows } = await sql<{ p_id: number }>`select rowid as p_id from search_fts where search_fts match ${ftsQuery(words)}`.execute(db);
    return rows.map((r) => r.p_id);
  }
  // PostgreSQL: word starts in the lowercased document, found through its trigram index.
  const escape = (w: string) => w.replace(/[\\.*+?^${}()|[\]]/g, '\\$&');
  const rows = await db
    .selectFrom('search_documents')
    .select('p_id')
    .where((eb) =>
      eb.and(
        words.map((w) =>
          eb.or(w.alternatives.map((phrase) => sql<boolean>`${eb.ref('body')} ~ ${`\\m${phrase.map(escape).join('\\W+')}`}`)),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.p_id);
}

export interface SearchResult {
  /** The words as understood. */
  words: QueryWord[];
  /** Matching product ids with their scores, best first is decided by the caller (ties need the listing's order). */
  scores: Map<number, number>;
  /** When nothing matched: the catalogue words nearest to what was typed. */
  suggestions: string[];
}

/** How many distinct texts' results are kept per catalogue version. */
const MAX_KEPT_RESULTS = 2000;

/**
 * Every product matching the text, with its score. Kept per normalised text until
 * the catalogue changes (a shop's searches repeat).
 */
export async function searchMatches(db: DB, text: string): Promise<SearchResult> {
  const state = await searchState(db);
  const key = searchWords(text).join(' ');
  let result = state.results.get(key);
  if (!result) {
    result = computeMatches(db, state, text);
    if (state.results.size >= MAX_KEPT_RESULTS) state.results.delete(state.results.keys().next().value as string);
    state.results.set(key, result);
    result.catch(() => state.results.delete(key));
  }
  return result;
}

async function computeMatches(db: DB, state: SearchState, text: string): Promise<SearchResult> {
  const words = parseQuery(state, text);
  if (words.length === 0) return { words, scores: new Map(), suggestions: [] };
  const scores = new Map<number, number>();
  if (words.every((w) => w.via !== 'none')) {
    for (const id of await candidateIds(db, words)) scores.set(id, scoreOf(state.fields.get(id), words));
  }
  return { words, scores, suggestions: scores.size ? [] : nearestWords(state, words) };
}

/** For a search that found nothing: the nearest catalogue words to each word that matched nothing, or to each word. */
function nearestWords(state: SearchState, words: QueryWord[]): string[] {
  const unmatched = words.filter((w) => w.via === 'none');
  const out: string[] = [];
  for (const w of unmatched.length ? unmatched : words) {
    const near = state.terms
      .filter((t) => t.length > 1 && !/^\d+$/.test(t) && Math.abs(t.length - w.word.length) <= 2)
      .map((t) => ({ t, d: editDistance(w.word, t), n: state.docs.get(t) ?? 0 }))
      .filter((x) => x.d <= Math.max(2, Math.floor(w.word.length / 3)))
      .sort((a, b) => a.d - b.d || b.n - a.n || (a.t < b.t ? -1 : 1))
      .slice(0, 3);
    for (const x of near) if (!out.includes(x.t)) out.push(x.t);
  }
  return out.slice(0, 6);
}

/**
 * Words for the search box while the shopper types: catalogue words and synonyms
 * that start with the last word (or are one typo away from it), the most common
 * first, each completing the text typed so far.
 */
export async function suggestSearches(db: DB, text: string, limit = 8): Promise<string[]> {
  const state = await searchState(db);
  const words = searchWords(text);
  const last = words.at(-1);
  if (!last) return [];
  const head = words.slice(0, -1).join(' ');
  const found = new Map<string, number>();
  for (let i = lowerBound(state.terms, last); i < state.terms.length && state.terms[i].startsWith(last); i++) {
    const term = state.terms[i];
    if (!/^\d+$/.test(term) && term.length > 1) found.set(term, state.docs.get(term) ?? 0);
  }
  for (const key of state.synonyms.keys()) if (key.startsWith(last)) found.set(key, Math.max(found.get(key) ?? 0, 1));
  if (found.size === 0 && last.length >= 4) {
    for (const term of state.terms) if (withinOneEdit(last, term) || (term.length > last.length && withinOneEdit(last, term.slice(0, last.length)))) found.set(term, state.docs.get(term) ?? 0);
  }
  return [...found]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([term]) => (head ? `${head} ${term}` : term));
}

/* ------------------------------------------------------------------ synonyms */

export interface SynonymView {
  syn_id: number;
  term: string;
  expands_to: string;
}

/** The synonym list, by word. */
export function listSynonyms(db: DB): Promise<SynonymView[]> {
  return db.selectFrom('search_synonyms').select(['syn_id', 'term', 'expands_to']).orderBy('term').orderBy('expands_to').execute();
}

/** Adds a synonym (lowercased); refused (409) when that pair is already there. */
export async function addSynonym(db: DB, term: string, expandsTo: string): Promise<SynonymView> {
  const t = searchWords(term).join(' ');
  const e = searchWords(expandsTo).join(' ');
  return writeTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('search_synonyms')
      .values({ term: t, expands_to: e })
      .onConflict((oc) => oc.columns(['term', 'expands_to']).doNothing())
      .returning(['syn_id', 'term', 'expands_to'])
      .executeTakeFirst();
    if (!row) throw conflictError('That synonym is already there.');
    await bumpCatalogueRowsVersion(trx); // the synonyms change what a search answers
    await recordChange(trx, { action: 'synonym.add', entity: 'synonym', entity_id: row.syn_id, after: { term: row.term, expands_to: row.expands_to } });
    return row;
  });
}

/** Removes a synonym; refused (404) when there is none with this id. */
export async function deleteSynonym(db: DB, synId: number): Promise<void> {
  return writeTransaction(db, async (trx) => {
    const row = await trx.deleteFrom('search_synonyms').where('syn_id', '=', synId).returning(['term', 'expands_to']).executeTakeFirst();
    if (!row) throw notFoundError('Synonym not found.');
    await bumpCatalogueRowsVersion(trx); // the synonyms change what a search answers
    await recordChange(trx, { action: 'synonym.delete', entity: 'synonym', entity_id: synId, before: row });
  });
}
