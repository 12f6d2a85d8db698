import { type Kysely, sql } from 'kysely';
import { engineOf, identityKey, utcNow } from './portable.ts';

// Frozen in time: this migration never imports application code.
// The shop's search: one document per product a shopper can see (search_documents,
// rebuilt from the catalogue whenever the catalogue's row version moves on), the
// words of those documents (search_terms: typo forgiveness and suggestions), the
// jeweller's words the administrator maps to the catalogue's (search_synonyms).
// The full-text index is the engine's own: on SQLite an FTS5 table over
// search_documents (external content, rebuilt with it); on PostgreSQL a trigram
// index over the document's lowercased text (pg_trgm).

/** The jeweller's words shipped with the shop; the administrator adds more. */
const SYNONYMS: [string, string][] = [
  ['jhumka', 'earrings'],
  ['jhumki', 'earrings'],
  ['bali', 'earrings'],
  ['kundal', 'earrings'],
  ['tops', 'studs'],
  ['kada', 'bangles'],
  ['kangan', 'bangles'],
  ['churi', 'bangles'],
  ['chudi', 'bangles'],
  ['haar', 'necklaces'],
  ['har', 'necklaces'],
  ['mala', 'necklaces'],
  ['hasli', 'necklaces'],
  ['necklace', 'choker'],
  ['anguthi', 'rings'],
  ['angoothi', 'rings'],
  ['mundri', 'rings'],
  ['solitaire', 'diamond'],
  ['mangalsutra', 'mangalsutra'],
  ['mangal', 'mangalsutra'],
  ['nath', 'nose'],
  ['nathni', 'nose'],
  ['laung', 'nose'],
  ['chain', 'chains'],
  ['locket', 'pendants'],
  ['kadli', 'bracelets'],
  ['heera', 'diamond'],
  ['hira', 'diamond'],
  ['sona', 'gold'],
  ['moti', 'pearl'],
  ['panna', 'emerald'],
  ['manik', 'ruby'],
  ['neelam', 'sapphire'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('search_documents')
    .addColumn('p_id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('carat', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('key_points', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('search_terms')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('docs', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('search_synonyms')
    .addColumn('syn_id', 'integer', identityKey(db))
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('expands_to', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(utcNow(db)))
    .addUniqueConstraint('search_synonyms_term_expands_to', ['term', 'expands_to'])
    .execute();
  await db.insertInto('search_synonyms').values(SYNONYMS.map(([term, expands_to]) => ({ term, expands_to }))).execute();
  await db.insertInto('site_state').values({ key: 'search_index_version', value: '' }).execute();
  if (engine === 'sqlite') {
    await sql`
      create virtual table search_fts using fts5(
        name, category, material, carat, description, key_points,
        content = 'search_documents', content_rowid = 'p_id',
        tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
      )`.execute(db);
  } else {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index search_documents_body_trgm on search_documents using gin (body gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') await sql`drop table if exists search_fts`.execute(db);
  await db.deleteFrom('site_state').where('key', '=', 'search_index_version').execute();
  await db.schema.dropTable('search_synonyms').execute();
  await db.schema.dropTable('search_terms').execute();
  await db.schema.dropTable('search_documents').execute();
}
