import type { Migration } from 'kysely/migration';
import * as initial from './2026_11_21_0001_initial.ts';
import * as paymentCheckout from './2026_11_22_0001_payment_checkout.ts';
import * as listingIndexes from './2026_11_22_0002_listing_indexes.ts';
import * as catalogueRowsVersion from './2026_11_22_0003_catalogue_rows_version.ts';
import * as orderDesk from './2026_11_24_0001_order_desk.ts';
import * as hardening from './2026_11_24_0002_hardening.ts';
import * as portable from './2026_11_24_0003_portable.ts';
import * as metalRatesStock from './2026_11_24_0004_metal_rates_stock.ts';
import * as taxAndShipping from './2026_11_24_0005_tax_and_shipping.ts';
import * as search from './2026_11_24_0006_search.ts';
import * as mediaLeases from './2026_11_24_0008_media_leases.ts';
import * as orderItemLeadTime from './2026_11_25_0002_order_item_lead_time.ts';
import * as huidUniqueExportPrices from './2026_11_25_0003_huid_unique_export_prices.ts';
import * as storefrontEdges from './2026_11_25_0004_storefront_edges.ts';
import * as stockApartFromCatalogue from './2026_11_26_0003_stock_apart_from_catalogue.ts';
import * as paymentsSettle from './2026_11_28_0001_payments_settle.ts';
import * as phoneNumbers from './2026_11_29_0001_phone_numbers.ts';
import * as staff from './2026_11_30_0001_staff.ts';
import * as outbox from './2026_12_01_0001_outbox.ts';
import * as webhooks from './2026_12_01_0002_webhooks.ts';
import * as passwordResets from './2026_12_01_0003_password_resets.ts';
import * as shopPolicy from './2026_12_02_0001_shop_policy.ts';
import * as returns from './2026_12_02_0002_returns.ts';
import * as storeCredit from './2026_12_02_0003_store_credit.ts';
import * as newsletter from './2026_12_01_0004_newsletter.ts';
import * as reports from './2026_12_03_0001_reports.ts';
import * as reportProductNames from './2026_12_03_0002_report_product_names.ts';
import * as salesSummaries from './2026_12_04_0001_sales_summaries.ts';
import * as gstr1Speed from './2026_12_04_0002_gstr1_speed.ts';
import * as returnPhotos from './2026_12_04_0003_return_photos.ts';
import * as saleReturnTerms from './2026_12_04_0004_sale_return_terms.ts';
import * as summaryStatementTriggers from './2026_12_05_0001_summary_statement_triggers.ts';
import * as returnPaymentsIndex from './2026_12_06_0001_return_payments_index.ts';

/** Every migration, in order. A new one is added here, never edited once released. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0001_initial': initial,
  '2026_11_22_0001_payment_checkout': paymentCheckout,
  '2026_11_22_0002_listing_indexes': listingIndexes,
  '2026_11_22_0003_catalogue_rows_version': catalogueRowsVersion,
  '2026_11_24_0001_order_desk': orderDesk,
  '2026_11_24_0002_hardening': hardening,
  '2026_11_24_0003_portable': portable,
  '2026_11_24_0004_metal_rates_stock': metalRatesStock,
  '2026_11_24_0005_tax_and_shipping': taxAndShipping,
  '2026_11_24_0006_search': search,
  '2026_11_24_0008_media_leases': mediaLeases,
  '2026_11_25_0002_order_item_lead_time': orderItemLeadTime,
  '2026_11_25_0003_huid_unique_export_prices': huidUniqueExportPrices,
  '2026_11_25_0004_storefront_edges': storefrontEdges,
  '2026_11_26_0003_stock_apart_from_catalogue': stockApartFromCatalogue,
  '2026_11_28_0001_payments_settle': paymentsSettle,
  '2026_11_29_0001_phone_numbers': phoneNumbers,
  '2026_11_30_0001_staff': staff,
  '2026_12_01_0001_outbox': outbox,
  '2026_12_01_0002_webhooks': webhooks,
  '2026_12_01_0003_password_resets': passwordResets,
  '2026_12_02_0001_shop_policy': shopPolicy,
  '2026_12_02_0002_returns': returns,
  '2026_12_02_0003_store_credit': storeCredit,
  '2026_12_01_0004_newsletter': newsletter,
  '2026_12_03_0001_reports': reports,
  '2026_12_03_0002_report_product_names': reportProductNames,
  '2026_12_04_0001_sales_summaries': salesSummaries,
  '2026_12_04_0002_gstr1_speed': gstr1Speed,
  '2026_12_04_0003_return_photos': returnPhotos,
  '2026_12_04_0004_sale_return_terms': saleReturnTerms,
  '2026_12_05_0001_summary_statement_triggers': summaryStatementTriggers,
  '2026_12_06_0001_return_payments_index': returnPaymentsIndex,
};
