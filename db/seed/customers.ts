/**
 * The people of the demo store: shoppers with their orders and reviews,
 * testimonials for the home page, coupons, contact messages and newsletter
 * sign-ups. Phone numbers are from ranges kept for fiction (+44 7700 900xxx,
 * +1 555-01xx) or well-known placeholders; e-mail addresses use example.com.
 */
import type { CaratName } from './catalogue.ts';

/** Every demo shopper signs in with this password (see README.md in this folder). */
export const SHOPPER_PASSWORD = 'Shopper@123';

export interface ShopperSeed {
  full_name: string;
  u_name: string;
  country_code: string;
  phone_number: string;
  email: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  zip_code: string;
  /** ISO 3166 alpha-2 of the address. */
  country: string;
  joinedDaysAgo: number;
}

export const SHOPPERS: readonly ShopperSeed[] = [
  {
    full_name: 'Priya Sharma', u_name: 'priya.sharma', country_code: '+91', phone_number: '9876543210', email: 'priya.sharma@example.com',
    address: '14 Sea Breeze Apartments, Carter Road, Bandra West', apartment: 'Flat 602', city: 'Mumbai', state: 'Maharashtra', zip_code: '400050', country: 'IN', joinedDaysAgo: 60,
  },
  {
    full_name: 'Arjun Nair', u_name: 'arjun.nair', country_code: '+91', phone_number: '9845012345', email: 'arjun.nair@example.com',
    address: 'Kadavanthra Road, near the Indoor Stadium', apartment: 'House 21/314', city: 'Kochi', state: 'Kerala', zip_code: '682020', country: 'IN', joinedDaysAgo: 35,
  },
  {
    full_name: 'Rohan Mehta', u_name: 'rohan.mehta', country_code: '+1', phone_number: '7325550148', email: 'rohan.mehta@example.com',
    address: '118 Oak Tree Road', apartment: 'Apt 4B', city: 'Edison', state: 'New Jersey', zip_code: '08820', country: 'US', joinedDaysAgo: 80,
  },
  {
    full_name: 'Aisha Khan', u_name: 'aisha.khan', country_code: '+44', phone_number: '7700900123', email: 'aisha.khan@example.com',
    address: '27 Belgrave Gate', apartment: 'Flat 3', city: 'Leicester', state: 'Leicestershire', zip_code: 'LE1 3GQ', country: 'GB', joinedDaysAgo: 95,
  },
];

export interface CouponSeed {
  name: string;
  /** Basis points: 10% is 1000. */
  bp: number;
  active: boolean;
}

export const COUPONS: readonly CouponSeed[] = [
  { name: 'WELCOME10', bp: 1000, active: true },
  { name: 'FESTIVE15', bp: 1500, active: true },
  { name: 'EXPIRED5', bp: 500, active: false },
];

export type OrderStatus = 1 | 2 | 3 | 4 | 5;

export interface OrderSeed {
  shopper: string;
  daysAgo: number;
  /** 1 Pending, 2 Processing, 3 Shipped, 4 Delivered, 5 Cancelled. */
  status: OrderStatus;
  payment: 'cod' | 'online';
  /** A cancelled order: who cancelled it and from which status (db/seed/order-history.ts). */
  cancelled?: { by: 'shopper' | 'shop'; from: 1 | 2 };
  /** The buyer's PAN, which checkout asks for once the day's purchases in India reach ₹2,00,000 (r.114B). */
  pan?: string;
  coupon?: string;
  items: { product: string; carat: CaratName; size?: string; quantity: number }[];
}

/**
 * One order in every status. Shoppers abroad pay online (cash on delivery is
 * for India); the newest orders are still pending, the oldest delivered. Each
 * could be placed at checkout the day it is dated (tests/db/seed-law.test.ts):
 * cash on delivery stays below ₹2,00,000 from a buyer in a day, and the day that
 * reaches ₹2,00,000 carries the buyer's PAN.
 */
export const ORDERS: readonly OrderSeed[] = [
  {
    shopper: 'aisha.khan', daysAgo: 70, status: 4, payment: 'online',
    items: [{ product: 'Modern Diamond Mangalsutra', carat: '18K', size: 'Length 20 in', quantity: 1 }],
  },
  {
    shopper: 'rohan.mehta', daysAgo: 55, status: 4, payment: 'online', coupon: 'FESTIVE15',
    items: [
      { product: 'Tennis Diamond Bracelet', carat: '18K', size: 'Bracelet 7 in', quantity: 1 },
      { product: 'Heart of Gold Pendant', carat: '18K', quantity: 1 },
    ],
  },
  {
    shopper: 'priya.sharma', daysAgo: 42, status: 4, payment: 'online', coupon: 'WELCOME10',
    items: [
      { product: 'Noor Diamond Studs', carat: '18K', quantity: 1 },
      { product: 'Lakshmi Coin Pendant', carat: '22K', quantity: 1 },
    ],
  },
  {
    shopper: 'arjun.nair', daysAgo: 19, status: 5, payment: 'cod', cancelled: { by: 'shopper', from: 1 },
    items: [{ product: 'Kangan Filigree Bangle', carat: '22K', size: 'Bangle 2.6', quantity: 1 }],
  },
  {
    // Paid online, cancelled by the shop while being made: refunded in full.
    shopper: 'rohan.mehta', daysAgo: 12, status: 5, payment: 'online', cancelled: { by: 'shop', from: 2 },
    items: [{ product: 'Heart of Gold Pendant', carat: '18K', quantity: 1 }],
  },
  {
    // Above ₹2,00,000: paid online, with the buyer's PAN (fictional, in the format).
    shopper: 'arjun.nair', daysAgo: 6, status: 3, payment: 'online', pan: 'ABCPN1234K',
    items: [
      { product: 'Classic Rope Chain', carat: '22K', size: 'Length 20 in', quantity: 1 },
      { product: "Shubh Men's Gold Band", carat: '22K', size: 'Ring 16', quantity: 1 },
      { product: 'Antique Nakshi Bangles (Pair)', carat: '22K', size: 'Bangle 2.6', quantity: 1 },
    ],
  },
  {
    shopper: 'priya.sharma', daysAgo: 2, status: 2, payment: 'cod',
    items: [{ product: 'Kamal Solitaire Ring', carat: '18K', size: 'Ring 12', quantity: 1 }],
  },
  {
    shopper: 'rohan.mehta', daysAgo: 1, status: 1, payment: 'online',
    items: [{ product: 'Rani Temple Jhumkas', carat: '22K', quantity: 1 }],
  },
  {
    shopper: 'aisha.khan', daysAgo: 0.2, status: 1, payment: 'online', coupon: 'FESTIVE15',
    items: [
      { product: 'Phool Diamond Nose Pin', carat: '18K', quantity: 2 },
      { product: 'Chandbali Pearl Drops', carat: '22K', quantity: 1 },
    ],
  },
];

/** Reviews by shoppers of pieces from their delivered orders (one per shopper and product). */
export const PRODUCT_REVIEWS: readonly { shopper: string; product: string; rating: number; message: string; daysAgo: number }[] = [
  { shopper: 'priya.sharma', product: 'Noor Diamond Studs', rating: 5, daysAgo: 36, message: 'They sparkle so much more than I expected. Light enough to sleep in, and the screw backs feel secure.' },
  { shopper: 'priya.sharma', product: 'Lakshmi Coin Pendant', rating: 5, daysAgo: 35, message: 'Bought it for our griha pravesh. The rim and the lotus are finely made and the HUID matched the certificate.' },
  { shopper: 'rohan.mehta', product: 'Tennis Diamond Bracelet', rating: 5, daysAgo: 47, message: 'Anniversary gift for my wife. Shipping to New Jersey took eight days, fully insured. She loves it.' },
  { shopper: 'rohan.mehta', product: 'Heart of Gold Pendant', rating: 4, daysAgo: 47, message: 'Lovely pendant and the free engraving is neat. I wish a chain came with it.' },
  { shopper: 'aisha.khan', product: 'Modern Diamond Mangalsutra', rating: 5, daysAgo: 62, message: 'Exactly the modern mangalsutra I wanted for work. Delivered to Leicester in ten days with all papers.' },
];

/** Home page testimonials, written in the back office; each has a portrait in Reviews. */
export const TESTIMONIALS: readonly { name: string; rating: number; message: string; daysAgo: number }[] = [
  { name: 'Meera Iyer', rating: 5, daysAgo: 28, message: 'We bought my daughter\'s wedding jhumkas here. The finishing is beautiful and the HUID on every piece matched the certificate.' },
  { name: 'Kavya Reddy', rating: 5, daysAgo: 24, message: 'The diamond studs sparkle even more than in the photos. Delivered to Hyderabad in four days, sealed and insured.' },
  { name: 'Rahul Verma', rating: 5, daysAgo: 20, message: 'Ordered a rope chain for my father\'s sixtieth. Clear pricing: gold rate, making charges and taxes all shown up front.' },
  { name: 'Sneha Patel', rating: 4, daysAgo: 15, message: 'Lovely rose gold bracelet, gift-wrapped beautifully. It came a day late, but the team kept me updated on WhatsApp.' },
  { name: 'Farhan Qureshi', rating: 5, daysAgo: 10, message: 'Exchanged my old gold for a new kada. They gave the day\'s rate with no hidden deductions.' },
  { name: 'Anjali Deshmukh', rating: 5, daysAgo: 4, message: 'My nath and mangalsutra are perfect, just like my aaji\'s. Thank you for the patient video consultation!' },
];

export const CONTACT_MESSAGES: readonly { name: string; email: string; mo_no: string; message: string; status: 'new' | 'handled'; daysAgo: number }[] = [
  { name: 'Harpreet Kaur', email: 'harpreet.kaur@example.com', mo_no: '9814098140', status: 'handled', daysAgo: 12, message: 'How do I measure my ring size at home? I think I am between Ring 12 and Ring 14.' },
  { name: 'Lisa Fernandes', email: 'lisa.fernandes@example.com', mo_no: '', status: 'new', daysAgo: 5, message: 'Do you ship to Dubai, and are import duties included in the price?' },
  { name: 'Vikram Singh', email: 'vikram.singh@example.com', mo_no: '9829098290', status: 'new', daysAgo: 3, message: 'Do you take old gold in exchange for online orders? I have about 40 g of 22K jewellery in Jaipur.' },
  { name: 'Neha Gupta', email: 'neha.gupta@example.com', mo_no: '9820012345', status: 'new', daysAgo: 1, message: 'I would like a custom bridal set: a choker, jhumkas and a maang tikka in 22K with rubies. Could someone call me about a budget of around 6 lakh?' },
  { name: 'Sameer Joshi', email: 'sameer.joshi@example.com', mo_no: '', status: 'new', daysAgo: 0.4, message: 'Where can I check the HUID of the ring I bought last month?' },
];

export const NEWSLETTER_SUBSCRIBERS: readonly { email: string; daysAgo: number }[] = [
  { email: 'meera.iyer@example.com', daysAgo: 30 },
  { email: 'kavya.reddy@example.com', daysAgo: 21 },
  { email: 'rohan.mehta@example.com', daysAgo: 9 },
];
