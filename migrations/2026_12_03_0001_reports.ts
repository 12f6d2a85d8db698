import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// The books (issue 37): the reports read the orders, their lines and the invoices
// themselves (no summary table that could disagree with them), through covering
// indexes, so a year of orders is added up from index pages alone:
// - orders_reports: the orders of a period (placed between two times) with every
//   column the sales report sums, so the scan never visits the table;
// - orders_customer_first: a customer's earlier orders (new or returning customer);
// - order_items_reports: an order's lines with what the report sums of them
//   (carat, pieces, weight, metal/making/stones, line total, product, category) and
//   whether the line is made to order (the stock report's backlog);
// - invoices_issued: the invoices of a month (GSTR-1).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_reports')
    .on('orders')
    .columns(['created_at', 'status', 'payment_method', 'country', 'state', 'currency', 'usd_inr', 'total', 'discount', 'shipping', 'payment_status', 'refund_amount', 'u_id'])
    .execute();
  await db.schema.createIndex('orders_customer_first').on('orders').columns(['u_id', 'created_at', 'status']).execute();
  await db.schema
    .createIndex('order_items_reports')
    .on('order_items')
    .columns(['o_id', 'carat_name', 'quantity', 'net_weight_mg', 'metal_inr', 'making_inr', 'stones_inr', 'line_total', 'p_id', 'category_name', 'lead_time_days'])
    .execute();
  await db.schema.createIndex('invoices_issued').on('invoices').columns(['issued_at', 'invoice_no']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invoices_issued').execute();
  await db.schema.dropIndex('order_items_reports').execute();
  await db.schema.dropIndex('orders_customer_first').execute();
  await db.schema.dropIndex('orders_reports').execute();
}
