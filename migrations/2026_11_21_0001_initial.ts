import { type Kysely, sql } from 'kysely';
import { engineOf, identityKey, utcNow } from './portable.ts';

// Frozen in time: this migration never imports application code.
// Money columns hold integer minor units (paise for INR, cents for USD).
// Engine-aware since PostgreSQL came (its SQLite statements are unchanged): generated
// keys are identities there, money and the rate-limit clock 64-bit, time defaults the
// same 'YYYY-MM-DD HH:MM:SS' UTC text.

export async function up(db: Kysely<any>): Promise<void> {
  const now = utcNow(db);
  const key = identityKey(db);
  // SQLite's integer is 64-bit already; written as it always was there.
  const big = engineOf(db) === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('u_id', 'integer', key)
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('u_name', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('u_type', 'text', (c) => c.notNull().defaultTo('1'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('users_phone_unique', ['country_code', 'phone_number'])
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('cate_id', 'integer', key)
    .addColumn('cate_name', 'text', (c) => c.notNull())
    .addColumn('cate_image', 'text', (c) => c.notNull())
    .addColumn('cate_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('materials')
    .addColumn('m_id', 'integer', key)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('sizes')
    .addColumn('size_id', 'integer', key)
    .addColumn('size_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('carats')
    .addColumn('carat_id', 'integer', key)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('p_id', 'integer', key)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cate_id', 'integer', (c) => c.notNull().references('categories.cate_id').onDelete('restrict'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('specifications', 'text', (c) => c.notNull())
    .addColumn('offer', 'text', (c) => c.notNull())
    .addColumn('is_bestseller', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_reel', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('p_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('products_listing').on('products').columns(['p_status', 'created_at']).execute();
  await db.schema.createIndex('products_category').on('products').columns(['cate_id', 'p_status']).execute();

  await db.schema
    .createTable('product_media')
    .addColumn('pm_id', 'integer', key)
    .addColumn('p_id', 'integer', (c) => c.notNull().references('products.p_id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('product_media_product').on('product_media').columns(['p_id', 'position']).execute();

  await db.schema
    .createTable('product_materials')
    .addColumn('p_id', 'integer', (c) => c.notNull().references('products.p_id').onDelete('cascade'))
    .addColumn('m_id', 'integer', (c) => c.notNull().references('materials.m_id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_materials_pk', ['p_id', 'm_id'])
    .execute();
  await db.schema.createIndex('product_materials_material').on('product_materials').column('m_id').execute();

  await db.schema
    .createTable('product_sizes')
    .addColumn('p_id', 'integer', (c) => c.notNull().references('products.p_id').onDelete('cascade'))
    .addColumn('size_id', 'integer', (c) => c.notNull().references('sizes.size_id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_sizes_pk', ['p_id', 'size_id'])
    .execute();
  await db.schema.createIndex('product_sizes_size').on('product_sizes').column('size_id').execute();

  await db.schema
    .createTable('product_key_points')
    .addColumn('kp_id', 'integer', key)
    .addColumn('p_id', 'integer', (c) => c.notNull().references('products.p_id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_key_points_product').on('product_key_points').column('p_id').execute();

  await db.schema
    .createTable('product_carats')
    .addColumn('pc_id', 'integer', key)
    .addColumn('p_id', 'integer', (c) => c.notNull().references('products.p_id').onDelete('cascade'))
    .addColumn('carat_id', 'integer', (c) => c.notNull().references('carats.carat_id').onDelete('restrict'))
    .addColumn('inr_price', big, (c) => c.notNull())
    .addColumn('usd_price', big, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('product_carats_once', ['p_id', 'carat_id'])
    .execute();
  await db.schema.createIndex('product_carats_carat').on('product_carats').column('carat_id').execute();
  await db.schema.createIndex('product_carats_inr').on('product_carats').columns(['inr_price', 'p_id']).execute();
  await db.schema.createIndex('product_carats_usd').on('product_carats').columns(['usd_price', 'p_id']).execute();

  for (const table of ['cart_items', 'wishlist_items'] as const) {
    const idColumn = table === 'cart_items' ? 'c_id' : 'w_id';
    let builder = db.schema
      .createTable(table)
      .addColumn(idColumn, 'integer', key)
      .addColumn('u_id', 'integer', (c) => c.notNull().references('users.u_id').onDelete('cascade'))
      .addColumn('p_id', 'integer', (c) => c.notNull().references('products.p_id').onDelete('cascade'))
      .addColumn('pc_id', 'integer', (c) => c.notNull().references('product_carats.pc_id').onDelete('cascade'))
      .addColumn('carat_id', 'integer', (c) => c.notNull())
      .addColumn('cate_id', 'integer', (c) => c.notNull())
      .addColumn('m_id', 'integer', (c) => c.notNull().references('materials.m_id').onDelete('cascade'))
      .addColumn('size_id', 'integer', (c) => c.references('sizes.size_id').onDelete('cascade'));
    if (table === 'cart_items') builder = builder.addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1));
    await builder
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema.createIndex(`${table}_owner`).on(table).columns(['u_id', 'p_id']).execute();
  }

  await db.schema
    .createTable('coupons')
    .addColumn('coupon_id', 'integer', key)
    .addColumn('coupon_name', 'text', (c) => c.notNull().unique())
    // Percentage in basis points (12.5% = 1250): exact, never a float.
    .addColumn('discount_bp', 'integer', (c) => c.notNull())
    .addColumn('c_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('o_id', 'integer', key)
    .addColumn('u_id', 'integer', (c) => c.references('users.u_id').onDelete('set null'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal', big, (c) => c.notNull())
    .addColumn('discount', big, (c) => c.notNull().defaultTo(0))
    .addColumn('shipping', big, (c) => c.notNull().defaultTo(0))
    .addColumn('total', big, (c) => c.notNull())
    .addColumn('coupon_name', 'text')
    .addColumn('coupon_discount_bp', 'integer')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('apartment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text', (c) => c.unique())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('orders_idempotency', ['u_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_owner').on('orders').columns(['u_id', 'created_at']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('oi_id', 'integer', key)
    .addColumn('o_id', 'integer', (c) => c.notNull().references('orders.o_id').onDelete('cascade'))
    .addColumn('p_id', 'integer', (c) => c.references('products.p_id').onDelete('set null'))
    .addColumn('pc_id', 'integer')
    .addColumn('carat_id', 'integer')
    .addColumn('cate_id', 'integer')
    .addColumn('m_id', 'integer')
    .addColumn('size_id', 'integer')
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_image', 'text')
    .addColumn('category_name', 'text')
    .addColumn('carat_name', 'text')
    .addColumn('material_name', 'text')
    .addColumn('size_name', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price', big, (c) => c.notNull())
    .addColumn('line_total', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('o_id').execute();
  await db.schema.createIndex('order_items_product').on('order_items').column('p_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('pay_id', 'integer', key)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text', (c) => c.notNull().unique())
    .addColumn('payment_session_id', 'text', (c) => c.notNull())
    .addColumn('u_id', 'integer', (c) => c.references('users.u_id').onDelete('set null'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', big, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('o_id', 'integer', (c) => c.references('orders.o_id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('event_key', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('r_id', 'integer', key)
    .addColumn('u_id', 'integer', (c) => c.references('users.u_id').onDelete('set null'))
    .addColumn('u_name', 'text', (c) => c.notNull())
    // NULL p_id: a testimonial written in the back office for the home page.
    .addColumn('p_id', 'integer', (c) => c.references('products.p_id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('reviews_product').on('reviews').columns(['p_id', 'created_at']).execute();
  await db.schema
    .createIndex('reviews_once_per_buyer')
    .on('reviews')
    .columns(['u_id', 'p_id'])
    .unique()
    .where(sql.ref('p_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('review_images')
    .addColumn('ri_id', 'integer', key)
    .addColumn('r_id', 'integer', (c) => c.notNull().references('reviews.r_id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('review_images_review').on('review_images').column('r_id').execute();

  await db.schema
    .createTable('slider_images')
    .addColumn('s_id', 'integer', key)
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('c_id', 'integer', key)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('mo_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('n_id', 'integer', key)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', big, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'site_state', 'rate_limits', 'newsletter_subscribers', 'contact_messages', 'slider_images',
    'review_images', 'reviews', 'webhook_events', 'payments', 'order_items', 'orders', 'coupons',
    'wishlist_items', 'cart_items', 'product_carats', 'product_key_points', 'product_sizes',
    'product_materials', 'product_media', 'products', 'carats', 'sizes', 'materials', 'categories', 'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
