import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ShippingAddress } from '../rules/address.ts';
import type { Currency } from '../rules/money.ts';
import type { OrderPaymentMethod, PaymentStatus } from '../rules/payments.ts';
import type { NonReturnableKind } from '../rules/shop-policy.ts';

/** A column the database fills in on insert (an id, a default timestamp). */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface UserTable {
  u_id: Generated<number>;
  full_name: string;
  u_name: string;
  country_code: string;
  phone_number: string;
  password_hash: string;
  /** "0" administrator, anything else a shopper. */
  u_type: Defaulted<string>;
  created_at: Defaulted<string>;
  /** Random identity put in every token issued to this account (newTokenKey): a token names this very account. */
  token_key: string;
  /** A back-office account's role (rules/permissions.ts ROLES); null for a shopper. */
  role: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 once the owner deactivates a staff account: its tokens stop working at once. */
  active: Defaulted<number>;
  /** 1 while the password is one the owner set: the account's token can only change it. */
  password_change_required: Defaulted<number>;
  /** The TOTP secret, encrypted at rest (db/secrets.ts); null until set up. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 once a first code confirmed the secret: sign-in then asks for a code. */
  totp_enabled: Defaulted<number>;
  /** The last 30-second step a code was accepted in: each code is good once. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One-time recovery codes of a staff account's two-factor sign-in (hashes only). */
export interface TotpRecoveryCodeTable {
  trc_id: Generated<number>;
  u_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: Defaulted<string>;
}

/** One back-office write: who, what, the fields that changed (JSON), when, from where. Append-only. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_u_id: number | null;
  actor_name: string;
  role: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
  request_id: string | null;
  created_at: Defaulted<string>;
}

export interface CategoryTable {
  cate_id: Generated<number>;
  cate_name: string;
  cate_image: string;
  cate_status: Defaulted<number>;
  created_at: Defaulted<string>;
}

export interface MaterialTable {
  m_id: Generated<number>;
  name: string;
  created_at: Defaulted<string>;
}

export interface SizeTable {
  size_id: Generated<number>;
  size_name: string;
  created_at: Defaulted<string>;
}

export interface CaratTable {
  carat_id: Generated<number>;
  name: string;
  created_at: Defaulted<string>;
}

export interface ProductTable {
  p_id: Generated<number>;
  name: string;
  cate_id: number;
  description: string;
  specifications: string;
  offer: string;
  is_bestseller: Defaulted<number>;
  is_reel: Defaulted<number>;
  p_status: Defaulted<number>;
  created_at: Defaulted<string>;
  updated_at: Defaulted<string>;
  /** 1: in the policy's partial-refund collection (rules/shop-policy.ts), only part of the price refunded. */
  partial_refund: Defaulted<number>;
  /** null: returnable; else the kind that cannot be returned unless defective. */
  non_returnable: NonReturnableKind | null;
}

export interface ProductMediaTable {
  pm_id: Generated<number>;
  p_id: number;
  /** Generated file name inside the Products media folder. */
  file_name: string;
  kind: 'image' | 'video';
  position: Defaulted<number>;
}

export interface ProductMaterialTable {
  p_id: number;
  m_id: number;
  position: Defaulted<number>;
}

export interface ProductSizeTable {
  p_id: number;
  size_id: number;
  position: Defaulted<number>;
}

export interface ProductKeyPointTable {
  kp_id: Generated<number>;
  p_id: number;
  position: Defaulted<number>;
  text: string;
}

export interface ProductCaratTable {
  pc_id: Generated<number>;
  p_id: number;
  carat_id: number;
  /** Paise. */
  inr_price: number;
  /** Cents. */
  usd_price: number;
  position: Defaulted<number>;
  /** 'rate': derived from the metal rate (rules/pricing.ts); 'fixed': prices typed by hand. */
  pricing: Defaulted<'rate' | 'fixed'>;
  /** Net metal weight, milligrams (also shown on fixed rows when known). */
  net_weight_mg: number | null;
  making_type: 'percent' | 'per_gram' | null;
  /** percent: basis points of the metal value; per_gram: paise per gram. */
  making_value: number | null;
  /** Paise. */
  stone_value: number | null;
  /** Paise per gram: the rate this row was last priced at, and when that rate was set. */
  rate_per_gram: number | null;
  rate_at: string | null;
  /** Pieces in stock; null: made to order. */
  stock: number | null;
  /** Days to make or dispatch; shown in the delivery estimate. */
  lead_time_days: number | null;
}

interface Selection {
  u_id: number;
  p_id: number;
  pc_id: number;
  carat_id: number;
  cate_id: number;
  m_id: number;
  size_id: number | null;
  created_at: Defaulted<string>;
  updated_at: Defaulted<string>;
}

export interface CartItemTable extends Selection {
  c_id: Generated<number>;
  quantity: Defaulted<number>;
}

export interface WishlistItemTable extends Selection {
  w_id: Generated<number>;
}

/** A contact and shipping address as a row keeps it (rules/address.ts ShippingAddress), the apartment optional. */
interface AddressColumns extends Omit<ShippingAddress, 'apartment' | 'country'> {
  apartment: Defaulted<string>;
  /** ISO 3166 alpha-2; 'IN' on an order placed before countries were asked. */
  country: Defaulted<string>;
}

/** The shopper's remembered contact and shipping address (one per account): the last order's, or as edited in My Profile. */
export interface SavedAddressTable extends AddressColumns {
  u_id: number;
  updated_at: Defaulted<string>;
}

export interface CouponTable {
  coupon_id: Generated<number>;
  coupon_name: string;
  /** Percentage in basis points: 12.5% is 1250. */
  discount_bp: number;
  c_status: Defaulted<number>;
  created_at: Defaulted<string>;
}

export type { Currency } from '../rules/money.ts';
export type { PaymentMethod } from '../rules/payments.ts';

/** An order, with the address it goes to. */
export interface OrderTable extends AddressColumns {
  o_id: Generated<number>;
  u_id: number | null;
  /** 1 Pending, 2 Processing, 3 Shipped, 4 Delivered, 5 Cancelled. */
  status: Defaulted<number>;
  currency: Currency;
  subtotal: number;
  discount: Defaulted<number>;
  shipping: Defaulted<number>;
  total: number;
  coupon_name: string | null;
  coupon_discount_bp: number | null;
  /** cod, online, or store_credit when store credit paid the whole total (issue 36). */
  payment_method: OrderPaymentMethod;
  /** unpaid, paid, refund_pending, refunded (rules/payments.ts). */
  payment_status: PaymentStatus;
  provider_order_id: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: Defaulted<string>;
  updated_at: Defaulted<string>;
  /** The buyer's PAN, when the order was ₹2,00,000 or more (rules/compliance.ts). */
  pan: string | null;
  /** The parcel weight shipping was charged for, grams. */
  shipping_weight_g: number | null;
  /** Paise per US dollar in force when the order was placed (issue 17); null on orders placed before it was kept. */
  usd_inr: number | null;
  /** Minor units given back (set when the refund is asked of the provider) and when the provider accepted it. */
  refund_amount: Defaulted<number | null>;
  refunded_at: Defaulted<string | null>;
  /** The shop's own note, never shown to the shopper. */
  internal_note: Defaulted<string | null>;
  courier_name: Defaulted<string | null>;
  tracking_number: Defaulted<string | null>;
  /** Paise of the total paid by the shopper's store credit (issue 36); 0 for none. The rest is what COD or the provider collects. */
  store_credit: Defaulted<number>;
}

/** One change of an order's status (or its payment once cancelled), who made it and when. */
export interface OrderStatusHistoryTable {
  osh_id: Generated<number>;
  o_id: number;
  /** null for the order being placed. */
  from_status: number | null;
  to_status: number;
  /** The order's payment status after the change. */
  payment_status: PaymentStatus;
  actor: 'shopper' | 'shop' | 'system';
  u_id: number | null;
  note: string | null;
  created_at: Defaulted<string>;
}

export interface OrderItemTable {
  oi_id: Generated<number>;
  o_id: number;
  p_id: number | null;
  pc_id: number | null;
  carat_id: number | null;
  cate_id: number | null;
  m_id: number | null;
  size_id: number | null;
  product_name: string;
  product_image: string | null;
  category_name: string | null;
  carat_name: string | null;
  material_name: string | null;
  size_name: string | null;
  quantity: number;
  /** Unit price in the order's currency, minor units. */
  price: number;
  line_total: number;
  /** The carat row's pricing when ordered ('rate' or 'fixed'); null on orders placed before it existed. */
  pricing: 'rate' | 'fixed' | null;
  /** Net metal weight of one piece, milligrams. */
  net_weight_mg: number | null;
  /** The breakup of one piece in rupees (paise) at the rate it was priced at (rate-priced rows only). */
  metal_inr: number | null;
  making_inr: number | null;
  stones_inr: number | null;
  gst_inr: number | null;
  round_off_inr: number | null;
  /** Paise per gram, and when that rate was set. */
  rate_inr_per_gram: number | null;
  rate_at: string | null;
  /** Made to order: the days its carat row took to make when ordered; null in stock (2026_11_25_0002). */
  lead_time_days: Generated<number | null>;
  /** The product's return terms when sold (2026_12_04_0004): 1 in the partial-refund collection; null returnable, else the non-returnable kind. */
  partial_refund: Defaulted<number>;
  non_returnable: Defaulted<NonReturnableKind | null>;
}

export interface MetalRateChangeTable {
  rc_id: Generated<number>;
  /** Rupees per dollar, in paise. */
  usd_inr: number;
  rows_repriced: Defaulted<number>;
  created_at: Defaulted<string>;
}

export interface MetalRateTable {
  mr_id: Generated<number>;
  rc_id: number;
  carat_id: number;
  /** Paise per gram. */
  inr_per_gram: number;
}

/** The hallmark unique ID of one piece of an order line (piece 1..quantity). */
export interface OrderItemHuidTable {
  oi_id: number;
  piece: number;
  huid: string;
  created_at: Defaulted<string>;
}

/** The last tax invoice number given in a financial year (by its starting year). */
export interface InvoiceCounterTable {
  financial_year: number;
  last_number: number;
}

/** A tax invoice as issued: its number and the figures it states (JSON, minor units). */
export interface InvoiceTable {
  invoice_no: string;
  o_id: number;
  financial_year: number;
  sequence: number;
  issued_at: Defaulted<string>;
  document: string;
}

/**
 * The figures GSTR-1 reads of an invoice (2026_12_04_0002, issue 37), copied out of its
 * document by the database's own triggers when the invoice is written: never written
 * by the store. Amounts as the document has them (a dollar invoice's in cents, with its
 * rate in paise per dollar and its rupee total); null where the document has no such field.
 */
export interface InvoiceFiguresTable {
  invoice_no: string;
  o_id: number;
  issued_at: string;
  currency: Currency | null;
  supply: 'intra_state' | 'inter_state' | 'export' | null;
  /** The buyer's GST state code; null for an export. */
  place_of_supply: string | null;
  usd_inr: number | null;
  total_inr: number | null;
  gross: number | null;
  taxable: number | null;
  cgst: number | null;
  sgst: number | null;
  igst: number | null;
  /** The quantities of its lines added up. */
  pieces: number | null;
  /** 1 while its order is cancelled (kept by a trigger on orders), else 0. */
  cancelled: number;
}

/** A value the administrator sets, JSON text by key (shipping rates, the cash-on-delivery cap). */
export interface ShopSettingTable {
  key: string;
  value: string;
  updated_at: Defaulted<string>;
}

export interface PaymentTable {
  pay_id: Generated<number>;
  provider: string;
  provider_order_id: string;
  payment_session_id: string;
  u_id: number | null;
  currency: Currency;
  amount: number;
  /**
   * created, paid, failed, abandoned (its life ended unpaid), used (an order was placed with it);
   * refund_due, refunded once that order is cancelled or when no order could be placed (api/orders/refund.ts).
   */
  status: Defaulted<string>;
  o_id: number | null;
  /** The checkout this payment is for (JSON), so a webhook can place the order; null when not sent. */
  checkout: string | null;
  created_at: Defaulted<string>;
  updated_at: Defaulted<string>;
  /** The end of the payment's life (UTC text): its quote's price lock, and its stock holds. */
  locked_until: string | null;
  /** Why the payment ended as it did, in words (a refund of an order that could not be placed). */
  note: string | null;
  /** Minor units given back, once a refund is asked. */
  refund_amount: number | null;
}

/** A checkout priced once and held until locked_until (api/orders/quotes.ts). */
export interface CheckoutQuoteTable {
  quote_id: string;
  u_id: number;
  /** What was priced (lines, currency, coupon, country), JSON. */
  checkout: string;
  /** The priced cart, JSON: what /payment and /createorder charge while the quote holds. */
  priced: string;
  currency: Currency;
  total: number;
  locked_until: string;
  created_at: Defaulted<string>;
}

/** Pieces of a limited carat row set aside for a payment in progress (db/queries/stock-holds.ts). */
export interface StockHoldTable {
  sh_id: Generated<number>;
  pay_id: number;
  pc_id: number;
  quantity: number;
  created_at: Defaulted<string>;
}

/** One buyer's Indian calendar day, locked while an order or payment checks the day's limits (db/queries/buyer-days.ts). */
export interface BuyerDayTable {
  /** YYYY-MM-DD in India. */
  day: string;
  /** 'u:<u_id>' for an account, 'p:<phone digits>' for a delivery phone. */
  buyer: string;
}

export interface WebhookEventTable {
  event_key: string;
  provider: string;
  received_at: Defaulted<string>;
}

export interface ReviewTable {
  r_id: Generated<number>;
  u_id: number | null;
  u_name: string;
  /** NULL for a testimonial written in the back office. */
  p_id: number | null;
  message: string;
  rating: number;
  created_at: Defaulted<string>;
}

export interface ReviewImageTable {
  ri_id: Generated<number>;
  r_id: number;
  file_name: string;
  position: Defaulted<number>;
}

export interface SliderImageTable {
  s_id: Generated<number>;
  image: string;
  /** The banner's words, shown over the picture as text (null: none). */
  eyebrow: ColumnType<string | null, string | null | undefined, string | null>;
  headline: ColumnType<string | null, string | null | undefined, string | null>;
  subline: ColumnType<string | null, string | null | undefined, string | null>;
  position: Defaulted<number>;
  created_at: Defaulted<string>;
}

export interface ContactMessageTable {
  c_id: Generated<number>;
  name: string;
  email: string;
  message: string;
  mo_no: Defaulted<string>;
  /** 'new' until an administrator handles it. */
  status: Defaulted<string>;
  created_at: Defaulted<string>;
}

export interface NewsletterSubscriberTable {
  n_id: Generated<number>;
  email: string;
  created_at: Defaulted<string>;
  /** Double opt-in (issue 35): 'pending' until confirmed from the e-mail; 'unsubscribed' after the one-click link. */
  status: Defaulted<'pending' | 'confirmed' | 'unsubscribed'>;
  /** The subscription's secret in its confirm and unsubscribe links; null for sign-ups older than double opt-in. */
  token: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

export interface RateLimitTable {
  bucket: string;
  hits: number;
  /** Epoch milliseconds. */
  reset_at: number;
}

export interface SiteStateTable {
  key: string;
  value: string;
}

/** One document per product shoppers can see, rebuilt from the catalogue (db/queries/search.ts). */
export interface SearchDocumentTable {
  p_id: number;
  name: string;
  category: string;
  /** Material names, space-separated. */
  material: string;
  /** Carat names ("22K 18K"). */
  carat: string;
  description: string;
  key_points: string;
  /** Every field above, lowercased, for PostgreSQL's trigram index. */
  body: string;
}

/** The words of the search documents and how many documents hold each. */
export interface SearchTermTable {
  term: string;
  docs: number;
}

/** A shopper's word and a catalogue word it stands for ("jhumka" -> "earrings"). */
export interface SearchSynonymTable {
  syn_id: Generated<number>;
  term: string;
  expands_to: string;
  created_at: Defaulted<string>;
}

/** The pixel size of a stored image, recorded when it was stored (null for a video). */
export interface MediaFileTable {
  folder: string;
  name: string;
  width: number | null;
  height: number | null;
}

/** A job one instance at a time may do: its holder, until expires_at (epoch milliseconds). */
export interface LeaseTable {
  name: string;
  holder: string;
  expires_at: ColumnType<number, number, number>;
}

/** A message waiting to leave the shop, or sent, or given up on (issue 35: db/queries/outbox.ts). Times in epoch ms. */
export interface OutboxTable {
  id: Generated<number>;
  channel: OutboxChannel;
  /** What happened, e.g. 'order.placed'. */
  event: string;
  /** Stable per event and recipient: the same message is never enqueued twice. */
  dedupe_key: string;
  /** An e-mail address, an E.164 phone, a webhook endpoint's id. */
  recipient: string;
  /** JSON: what the channel needs to render and send it. */
  payload: string;
  status: Defaulted<OutboxStatus>;
  attempts: Defaulted<number>;
  next_attempt_at: ColumnType<number, number, number>;
  locked_until: ColumnType<number | null, number | null | undefined, number | null>;
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set once at enqueue: the e-mail's Message-ID (<message_id@domain>), the webhook-id. */
  message_id: string;
  created_at: ColumnType<number, number, number>;
  sent_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export type OutboxChannel = 'email' | 'sms' | 'webhook';
export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** An integrator's endpoint (issue 35: db/queries/webhooks.ts). Times in epoch ms. */
export interface WebhookEndpointTable {
  id: Generated<number>;
  url: string;
  /** JSON array of event names. */
  events: string;
  /** "whsec_<base64>", sealed with PAN_KEY (db/secrets.ts, purpose 'webhook'). */
  secret: string;
  active: Defaulted<number>;
  /** The first failure since the last success; null while it answers. */
  failing_since: ColumnType<number | null, number | null | undefined, number | null>;
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<number, number, number>;
}

/** One attempt to deliver a webhook, as answered. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  outbox_id: number;
  message_id: string;
  event: string;
  attempt: number;
  status_code: ColumnType<number | null, number | null | undefined, number | null>;
  /** The first bytes of the answer's body. */
  answer: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why no answer came (timeout, refused address). */
  error: ColumnType<string | null, string | null | undefined, string | null>;
  duration_ms: number;
  created_at: ColumnType<number, number, number>;
}

/** One movement of a shopper's store credit (issue 36: db/queries/store-credit.ts), paise, signed. */
export interface StoreCreditEntryTable {
  sce_id: Generated<number>;
  u_id: number;
  /** 'grant' (+, a return's exchange), 'use' (−, paying toward an order), 'give_back' (+, that order cancelled or refunded). */
  kind: 'grant' | 'use' | 'give_back';
  amount: number;
  /** The shopper's balance once this entry was written. */
  balance_after: number;
  r_id: number | null;
  o_id: number | null;
  note: string | null;
  created_at: Defaulted<string>;
}

/** A shopper's store credit balance (paise): the ledger's sum, written with each entry, never below zero. */
export interface StoreCreditBalanceTable {
  u_id: number;
  balance: Defaulted<number>;
  updated_at: Defaulted<string>;
}

/** A code to set a forgotten password (issue 35: db/queries/password-resets.ts): one per account. Times in epoch ms. */
export interface PasswordResetTable {
  id: Generated<number>;
  u_id: number;
  /** HMAC of the 6-digit code, never the code. */
  code_hash: string;
  expires_at: number;
  /** Wrong codes typed; at PASSWORD_RESET_TRIES the code is dead. */
  attempts: Defaulted<number>;
  used_at: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
}

/** A shopper's request to give pieces of a delivered order back (issue 36: db/queries/returns.ts). Amounts in the order's minor units. */
export interface ReturnTable {
  r_id: Generated<number>;
  o_id: number;
  u_id: number | null;
  kind: 'refund' | 'exchange' | 'buyback';
  /** rules/returns.ts RETURN_STATUSES. */
  status: Defaulted<string>;
  /** A key of rules/returns.ts RETURN_REASONS. */
  reason: string;
  note: string | null;
  currency: Currency;
  /** What was given back (refunded or credited); null until then. */
  refund_amount: Defaulted<number | null>;
  payout_method: Defaulted<'online' | 'bank' | 'upi' | 'store_credit' | null>;
  /** The bank or UPI transfer's reference (cash on delivery, buy-back). */
  payout_reference: Defaulted<string | null>;
  /** An online refund: due until the payment provider accepts it, then paid. */
  payout_status: Defaulted<'due' | 'paid' | null>;
  courier_name: Defaulted<string | null>;
  tracking_number: Defaulted<string | null>;
  created_at: Defaulted<string>;
  updated_at: Defaulted<string>;
  /** A buy-back's quote when asked (2026_12_04_0004): rate (paise/g; null for mixed purities), its time, metal value (paise), payout (minor units), valid until (UTC text). */
  quote_rate_inr_per_gram: Defaulted<number | null>;
  quote_rate_at: Defaulted<string | null>;
  quote_metal_value: Defaulted<number | null>;
  quote_payout: Defaulted<number | null>;
  quote_valid_until: Defaulted<string | null>;
}

/** One piece of an order line asked back; (oi_id, piece) is in one live request at most. */
export interface ReturnItemTable {
  r_id: number;
  oi_id: number;
  piece: number;
  /** 0 once the request is rejected or withdrawn (the piece may be asked back again). */
  active: Defaulted<number>;
  /** The HUID read off the piece at inspection. */
  huid: Defaulted<string | null>;
}

/** One step of a return's timeline. */
export interface ReturnEventTable {
  re_id: Generated<number>;
  r_id: number;
  status: string;
  actor: 'shopper' | 'shop' | 'system';
  u_id: number | null;
  note: string | null;
  created_at: Defaulted<string>;
}

/** A shopper's photo of a return's pieces (issue 36): a private file, media/ReturnPhotos/<file_name>; at most 5 to a return (slot 1..5). */
export interface ReturnPhotoTable {
  rp_id: Generated<number>;
  r_id: number;
  slot: number;
  /** The generated name in the private folder ReturnPhotos (db/media-store.ts mediaKey). */
  file_name: string;
  content_type: 'image/jpeg' | 'image/png' | 'image/webp';
  /** Bytes as stored (re-encoded without metadata). */
  size: number;
  created_at: Defaulted<string>;
}

/** The last credit note number given in a financial year (by its starting year). */
export interface CreditNoteCounterTable {
  financial_year: number;
  last_number: number;
}

/** A GST credit note as issued against a tax invoice (rules/credit-note.ts): figures in the order's minor units, the document JSON. */
export interface CreditNoteTable {
  credit_note_no: string;
  r_id: number;
  o_id: number;
  invoice_no: string;
  financial_year: number;
  sequence: number;
  issued_at: Defaulted<string>;
  currency: Currency;
  supply: 'intra_state' | 'inter_state' | 'export';
  /** The buyer's GST state code; null for an export. */
  place_of_supply: string | null;
  gross: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  document: string;
}

/**
 * The sales report's sums a day at a time (issue 37, migration 2026_12_04_0001): kept by
 * the database's triggers in the transaction of each change of an order or a line, never
 * written by the store. Days in India, 'YYYY-MM-DD'; amounts in rupees (paise).
 */
export interface SalesDayOrderTable {
  day: string;
  /** 1: the orders were cancelled. */
  cancelled: number;
  payment_method: string;
  country: string;
  state: string;
  orders: number;
  revenue: number;
  /** The GST inside the orders' totals, per order: as CGST + SGST (in the shop's state), and as IGST. */
  gst_intra: number;
  gst_inter: number;
  discounts: number;
  shipping: number;
  refund_orders: number;
  refund_value: number;
}

/** Pieces sold (orders not cancelled) by day and carat: milligrams, metal, making and stones. */
export interface SalesDayCaratTable {
  day: string;
  carat: string;
  pieces: number;
  mg: number;
  metal: number;
  making: number;
  stones: number;
}

/** Pieces sold (orders not cancelled) by day, product (0: no longer in the catalogue) and category. */
export interface SalesDayPieceTable {
  day: string;
  p_id: number;
  category: string;
  pieces: number;
  revenue: number;
}

/** A customer's orders not cancelled on a day (a day left with none is deleted), with the day's week (its Monday) and month (YYYY-MM). */
export interface SalesDayCustomerTable {
  day: string;
  u_id: number;
  week: string;
  month: string;
  orders: number;
}

/** A customer's first day with an order not cancelled. */
export interface SalesFirstOrderTable {
  u_id: number;
  day: string;
}

export interface Database {
  users: UserTable;
  categories: CategoryTable;
  materials: MaterialTable;
  sizes: SizeTable;
  carats: CaratTable;
  products: ProductTable;
  product_media: ProductMediaTable;
  product_materials: ProductMaterialTable;
  product_sizes: ProductSizeTable;
  product_key_points: ProductKeyPointTable;
  product_carats: ProductCaratTable;
  cart_items: CartItemTable;
  wishlist_items: WishlistItemTable;
  saved_addresses: SavedAddressTable;
  coupons: CouponTable;
  orders: OrderTable;
  order_status_history: OrderStatusHistoryTable;
  order_items: OrderItemTable;
  order_item_huids: OrderItemHuidTable;
  invoice_counters: InvoiceCounterTable;
  invoices: InvoiceTable;
  invoice_figures: InvoiceFiguresTable;
  shop_settings: ShopSettingTable;
  payments: PaymentTable;
  checkout_quotes: CheckoutQuoteTable;
  stock_holds: StockHoldTable;
  buyer_days: BuyerDayTable;
  webhook_events: WebhookEventTable;
  reviews: ReviewTable;
  review_images: ReviewImageTable;
  slider_images: SliderImageTable;
  contact_messages: ContactMessageTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  rate_limits: RateLimitTable;
  site_state: SiteStateTable;
  search_documents: SearchDocumentTable;
  search_terms: SearchTermTable;
  search_synonyms: SearchSynonymTable;
  metal_rate_changes: MetalRateChangeTable;
  metal_rates: MetalRateTable;
  media_files: MediaFileTable;
  leases: LeaseTable;
  totp_recovery_codes: TotpRecoveryCodeTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  password_resets: PasswordResetTable;
  returns: ReturnTable;
  return_items: ReturnItemTable;
  return_events: ReturnEventTable;
  return_photos: ReturnPhotoTable;
  credit_note_counters: CreditNoteCounterTable;
  credit_notes: CreditNoteTable;
  store_credit_entries: StoreCreditEntryTable;
  store_credit_balances: StoreCreditBalanceTable;
  sales_day_orders: SalesDayOrderTable;
  sales_day_carats: SalesDayCaratTable;
  sales_day_pieces: SalesDayPieceTable;
  sales_day_customers: SalesDayCustomerTable;
  sales_first_orders: SalesFirstOrderTable;
}

/**
 * Every column of every table, spelled once more so a test can hold the
 * hand-written types above against the migrated database (tsc checks this
 * list against the types; tests/db/schema.test.ts checks it against SQLite).
 */
export const DATABASE_COLUMNS: { [T in keyof Database]: Record<keyof Database[T], true> } = {
  users: { u_id: true, full_name: true, u_name: true, country_code: true, phone_number: true, password_hash: true, u_type: true, created_at: true, token_key: true, role: true, active: true, password_change_required: true, totp_secret: true, totp_enabled: true, totp_last_step: true },
  categories: { cate_id: true, cate_name: true, cate_image: true, cate_status: true, created_at: true },
  materials: { m_id: true, name: true, created_at: true },
  sizes: { size_id: true, size_name: true, created_at: true },
  carats: { carat_id: true, name: true, created_at: true },
  products: { p_id: true, name: true, cate_id: true, description: true, specifications: true, offer: true, is_bestseller: true, is_reel: true, p_status: true, created_at: true, updated_at: true, partial_refund: true, non_returnable: true },
  product_media: { pm_id: true, p_id: true, file_name: true, kind: true, position: true },
  product_materials: { p_id: true, m_id: true, position: true },
  product_sizes: { p_id: true, size_id: true, position: true },
  product_key_points: { kp_id: true, p_id: true, position: true, text: true },
  product_carats: { pc_id: true, p_id: true, carat_id: true, inr_price: true, usd_price: true, position: true, pricing: true, net_weight_mg: true, making_type: true, making_value: true, stone_value: true, rate_per_gram: true, rate_at: true, stock: true, lead_time_days: true },
  cart_items: { c_id: true, u_id: true, p_id: true, pc_id: true, carat_id: true, cate_id: true, m_id: true, size_id: true, quantity: true, created_at: true, updated_at: true },
  wishlist_items: { w_id: true, u_id: true, p_id: true, pc_id: true, carat_id: true, cate_id: true, m_id: true, size_id: true, created_at: true, updated_at: true },
  saved_addresses: { u_id: true, email: true, first_name: true, last_name: true, phone_number: true, address: true, apartment: true, city: true, state: true, zip_code: true, country: true, updated_at: true },
  coupons: { coupon_id: true, coupon_name: true, discount_bp: true, c_status: true, created_at: true },
  orders: { o_id: true, u_id: true, status: true, currency: true, subtotal: true, discount: true, shipping: true, total: true, coupon_name: true, coupon_discount_bp: true, first_name: true, last_name: true, email: true, phone_number: true, address: true, apartment: true, city: true, state: true, zip_code: true, payment_method: true, payment_status: true, provider_order_id: true, idempotency_key: true, request_hash: true, created_at: true, updated_at: true, country: true, pan: true, shipping_weight_g: true, usd_inr: true, refund_amount: true, refunded_at: true, internal_note: true, courier_name: true, tracking_number: true, store_credit: true },
  order_status_history: { osh_id: true, o_id: true, from_status: true, to_status: true, payment_status: true, actor: true, u_id: true, note: true, created_at: true },
  order_items: { oi_id: true, o_id: true, p_id: true, pc_id: true, carat_id: true, cate_id: true, m_id: true, size_id: true, product_name: true, product_image: true, category_name: true, carat_name: true, material_name: true, size_name: true, quantity: true, price: true, line_total: true, pricing: true, net_weight_mg: true, metal_inr: true, making_inr: true, stones_inr: true, gst_inr: true, round_off_inr: true, rate_inr_per_gram: true, rate_at: true, lead_time_days: true, partial_refund: true, non_returnable: true },
  order_item_huids: { oi_id: true, piece: true, huid: true, created_at: true },
  invoice_counters: { financial_year: true, last_number: true },
  invoices: { invoice_no: true, o_id: true, financial_year: true, sequence: true, issued_at: true, document: true },
  invoice_figures: { invoice_no: true, o_id: true, issued_at: true, currency: true, supply: true, place_of_supply: true, usd_inr: true, total_inr: true, gross: true, taxable: true, cgst: true, sgst: true, igst: true, pieces: true, cancelled: true },
  shop_settings: { key: true, value: true, updated_at: true },
  payments: { pay_id: true, provider: true, provider_order_id: true, payment_session_id: true, u_id: true, currency: true, amount: true, status: true, o_id: true, checkout: true, created_at: true, updated_at: true, locked_until: true, note: true, refund_amount: true },
  checkout_quotes: { quote_id: true, u_id: true, checkout: true, priced: true, currency: true, total: true, locked_until: true, created_at: true },
  stock_holds: { sh_id: true, pay_id: true, pc_id: true, quantity: true, created_at: true },
  buyer_days: { day: true, buyer: true },
  webhook_events: { event_key: true, provider: true, received_at: true },
  reviews: { r_id: true, u_id: true, u_name: true, p_id: true, message: true, rating: true, created_at: true },
  review_images: { ri_id: true, r_id: true, file_name: true, position: true },
  slider_images: { s_id: true, image: true, eyebrow: true, headline: true, subline: true, position: true, created_at: true },
  contact_messages: { c_id: true, name: true, email: true, message: true, mo_no: true, status: true, created_at: true },
  newsletter_subscribers: { n_id: true, email: true, created_at: true, status: true, token: true, confirmed_at: true, unsubscribed_at: true },
  rate_limits: { bucket: true, hits: true, reset_at: true },
  site_state: { key: true, value: true },
  search_documents: { p_id: true, name: true, category: true, material: true, carat: true, description: true, key_points: true, body: true },
  search_terms: { term: true, docs: true },
  search_synonyms: { syn_id: true, term: true, expands_to: true, created_at: true },
  metal_rate_changes: { rc_id: true, usd_inr: true, rows_repriced: true, created_at: true },
  metal_rates: { mr_id: true, rc_id: true, carat_id: true, inr_per_gram: true },
  media_files: { folder: true, name: true, width: true, height: true },
  leases: { name: true, holder: true, expires_at: true },
  totp_recovery_codes: { trc_id: true, u_id: true, code_hash: true, used_at: true, created_at: true },
  audit_log: { id: true, actor_u_id: true, actor_name: true, role: true, action: true, entity: true, entity_id: true, before: true, after: true, ip: true, request_id: true, created_at: true },
  outbox: { id: true, channel: true, event: true, dedupe_key: true, recipient: true, payload: true, status: true, attempts: true, next_attempt_at: true, locked_until: true, claimed_by: true, last_error: true, message_id: true, created_at: true, sent_at: true },
  webhook_endpoints: { id: true, url: true, events: true, secret: true, active: true, failing_since: true, disabled_reason: true, created_at: true },
  webhook_deliveries: { id: true, endpoint_id: true, outbox_id: true, message_id: true, event: true, attempt: true, status_code: true, answer: true, error: true, duration_ms: true, created_at: true },
  password_resets: { id: true, u_id: true, code_hash: true, expires_at: true, attempts: true, used_at: true, created_at: true },
  returns: { r_id: true, o_id: true, u_id: true, kind: true, status: true, reason: true, note: true, currency: true, refund_amount: true, payout_method: true, payout_reference: true, payout_status: true, courier_name: true, tracking_number: true, created_at: true, updated_at: true, quote_rate_inr_per_gram: true, quote_rate_at: true, quote_metal_value: true, quote_payout: true, quote_valid_until: true },
  return_items: { r_id: true, oi_id: true, piece: true, active: true, huid: true },
  return_events: { re_id: true, r_id: true, status: true, actor: true, u_id: true, note: true, created_at: true },
  return_photos: { rp_id: true, r_id: true, slot: true, file_name: true, content_type: true, size: true, created_at: true },
  credit_note_counters: { financial_year: true, last_number: true },
  credit_notes: { credit_note_no: true, r_id: true, o_id: true, invoice_no: true, financial_year: true, sequence: true, issued_at: true, currency: true, supply: true, place_of_supply: true, gross: true, taxable: true, cgst: true, sgst: true, igst: true, document: true },
  store_credit_entries: { sce_id: true, u_id: true, kind: true, amount: true, balance_after: true, r_id: true, o_id: true, note: true, created_at: true },
  store_credit_balances: { u_id: true, balance: true, updated_at: true },
  sales_day_orders: { day: true, cancelled: true, payment_method: true, country: true, state: true, orders: true, revenue: true, gst_intra: true, gst_inter: true, discounts: true, shipping: true, refund_orders: true, refund_value: true },
  sales_day_carats: { day: true, carat: true, pieces: true, mg: true, metal: true, making: true, stones: true },
  sales_day_pieces: { day: true, p_id: true, category: true, pieces: true, revenue: true },
  sales_day_customers: { day: true, u_id: true, week: true, month: true, orders: true },
  sales_first_orders: { u_id: true, day: true },
};

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type Category = Selectable<CategoryTable>;
export type Product = Selectable<ProductTable>;
export type ProductUpdate = Updateable<ProductTable>;
export type Order = Selectable<OrderTable>;
export type OrderItem = Selectable<OrderItemTable>;
export type Coupon = Selectable<CouponTable>;
