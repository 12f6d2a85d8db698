import { couponDiscount, type Currency, priceIn, toMajor, toMinor } from '../../rules/money.ts';
import { checkDestination, findCountry, HOME_COUNTRY, INDIAN_STATES } from '../../rules/address.ts';
import { normalisePan, PAN_MESSAGE } from '../../rules/compliance.ts';
import { isEmail } from '../../rules/email.ts';
import { formatPhone } from '../../rules/phone.ts';
import type { components } from './api/schema.d.ts';

/**
 * The checkout's rules on the client: what a cart line costs in the shopper's
 * currency, the coupon discount, and the shipping form's validation with the
 * messages of storefront.md §5. The server prices the order again and refuses
 * any figure that differs, so these only have to agree with it.
 */

type Schemas = components['schemas'];

/** What a line shows of its product (the contract's Product; null once the product is gone). */
export type LineProduct = Pick<Schemas['Product'], 'p_id' | 'name' | 'cate_id' | 'images' | 'category'>;

/** A line's product as the contract words it (the generated type loses the product's nullability). */
type WithProduct<L> = Omit<L, 'product'> & { product: LineProduct | null };

/** A cart line as GET /getcart/{u_id} answers it; `available` false when it cannot be ordered. */
export type CartLine = WithProduct<Schemas['CartItem']>;

/** A wishlist line as GET /getwishlist/{u_id} answers it. */
export type WishlistLine = WithProduct<Schemas['WishlistItem']>;

/** Something priced per piece, in both currencies, bought a number of times. */
export interface PricedQuantity {
  inr_price: number | null;
  usd_price: number | null;
  quantity: number;
}

/** A line's unit price in a currency (0 when the carat entry is gone). */
export function unitPrice(line: Omit<PricedQuantity, 'quantity'>, currency: Currency): number {
  return line.inr_price === null || line.usd_price === null ? 0 : priceIn({ inr_price: line.inr_price, usd_price: line.usd_price }, currency);
}

/** A line's total (unit price x quantity), exact to the paisa or cent. */
export function lineTotal(line: PricedQuantity, currency: Currency): number {
  return toMajor(toMinor(unitPrice(line, currency)) * line.quantity);
}

export interface Totals {
  subtotal: number;
  discount: number;
  /** The server's charge (POST /checkoutquote); 0 is shown as Free. */
  shipping: number;
  total: number;
}

/**
 * Subtotal, discount, shipping and total of some lines with a coupon percentage
 * (0 for none) and the shipping charge the server quoted: the discount is the server's
 * coupon rule (rules/money.ts couponDiscount: subtotal x percent, half-up, to a whole paisa or cent).
 */
export function totalsOf(lines: ReadonlyArray<PricedQuantity>, currency: Currency, couponPercent = 0, shippingAmount = 0): Totals {
  const subtotal = lines.reduce((sum, line) => sum + toMinor(unitPrice(line, currency)) * line.quantity, 0);
  const discount = couponDiscount(subtotal, Math.round(couponPercent * 100));
  const shipping = toMinor(shippingAmount);
  return { subtotal: toMajor(subtotal), discount: toMajor(discount), shipping: toMajor(shipping), total: toMajor(subtotal - discount + shipping) };
}

/** A coupon as POST /getcoupon answers it: discount is the percentage as text ("10", "12.5"). */
export type Coupon = Schemas['Coupon'];

/** The coupon a typed code names (rules/coupons.ts: matched uppercased, §9). */
export { findCoupon } from '../../rules/coupons.ts';

/** Every Indian state and union territory (the documents' four were a sample: DESIGN.md). */
export const STATES: readonly string[] = INDIAN_STATES.map((s) => s.name);
/** The state select's empty choice, which counts as missing. */
export const SELECT_STATE = 'Select State';

/** The contact and shipping fields of an order (and of a saved address), every one as typed; `country` ISO 3166 alpha-2, India unless the shopper picks another. */
export type ShippingForm = Omit<NonNullable<Schemas['SavedAddress']>, 'updatedAt'>;

export type ShippingField = keyof ShippingForm;
export type ShippingErrors = Partial<Record<ShippingField, string>>;

export const EMPTY_SHIPPING: ShippingForm = {
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  address: '',
  apartment: '',
  city: '',
  state: '',
  zip_code: '',
  country: HOME_COUNTRY,
};

/**
 * The form from an address the account remembers (GET /getuserprofile: the last order's, or
 * as saved in My Profile): its phone, kept in E.164 (+919876543210), shown as everywhere else.
 */
export function shippingFromSaved(saved: ShippingForm): ShippingForm {
  const form = shippingOf(saved);
  if (form.phone_number) form.phone_number = formatPhone(form.phone_number);
  return form;
}

/** The shipping fields of what carries them (a saved address, an order's body), in the form's order; a missing one empty. */
export function shippingOf(source: Partial<ShippingForm>): ShippingForm {
  const form = { ...EMPTY_SHIPPING };
  for (const field of Object.keys(EMPTY_SHIPPING) as ShippingField[]) form[field] = source[field] ?? '';
  return form;
}

/** What each field is called on the checkout and in My Profile. */
export const SHIPPING_LABELS: Readonly<Record<ShippingField, string>> = {
  email: 'Email',
  phone_number: 'Phone number',
  first_name: 'First name',
  last_name: 'Last name',
  address: 'Address',
  apartment: 'Apartment, suite, etc. (optional)',
  city: 'City',
  state: 'State',
  zip_code: 'ZIP code',
  country: 'Country',
};

/** The order the fields appear in, so the first error gets the focus. */
export const SHIPPING_FIELDS: ReadonlyArray<ShippingField> = [
  'email',
  'phone_number',
  'first_name',
  'last_name',
  'address',
  'apartment',
  'country',
  'city',
  'state',
  'zip_code',
];

/** Digits with the usual separators, as the server accepts a phone number. */
const PHONE = /^\+?[0-9][0-9 ()-]{4,19}$/;

/** Any error also shows this (§5). */
export const FORM_ERROR = 'Please fill in all required fields correctly';

/** The checkout fields' rules and messages (storefront.md §5). */
export function validateShipping(form: ShippingForm): ShippingErrors {
  const errors: ShippingErrors = {};
  const blank = (value: string) => value.trim() === '';
  if (blank(form.first_name)) errors.first_name = 'First name is required';
  if (blank(form.last_name)) errors.last_name = 'Last name is required';
  if (blank(form.email)) errors.email = 'Email is required';
  else if (!isEmail(form.email.trim())) errors.email = 'Invalid email format';
  if (blank(form.phone_number)) errors.phone_number = 'Phone number is required';
  else if (!PHONE.test(form.phone_number.trim())) errors.phone_number = 'Invalid phone number';
  if (blank(form.address)) errors.address = 'Address is required';
  if (blank(form.city)) errors.city = 'City is required';
  if (blank(form.state) || form.state === SELECT_STATE) errors.state = 'State is required';
  const country = findCountry(form.country || HOME_COUNTRY);
  if (blank(form.zip_code) && (!country || country.postalCode)) errors.zip_code = 'ZIP code is required';
  if (!errors.state && !errors.zip_code) {
    // The rules the server applies: a state or union territory and a PIN in India, the country's postal format abroad.
    const checked = checkDestination({ country: form.country || HOME_COUNTRY, state: form.state, zip_code: form.zip_code });
    if (!checked.ok) errors[checked.problem.field] = checked.problem.message;
  }
  return errors;
}

/** The PAN's problem, or undefined: required when the order needs one, then its format. */
export function panError(value: string, required: boolean): string | undefined {
  if (!required) return undefined;
  if (value.trim() === '') return 'PAN is required for an order of ₹2,00,000 or more.';
  return normalisePan(value) ? undefined : PAN_MESSAGE;
}

/** The form trimmed, as /createorder and /payment take it. */
export function cleanShipping(form: ShippingForm): ShippingForm {
  const trimmed = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, value.trim()]));
  return trimmed as unknown as ShippingForm;
}

/** A phone number as the payment provider takes it: digits with an optional leading +. */
export function providerPhone(phone: string): string {
  return phone.replace(/[\s()-]/g, '');
}

/** A size as a shopper reads it: "Size 12" for a bare number, the name itself otherwise ("Bangle 2.4"). */
export function sizeText(size_name: string | null | undefined): string | null {
  if (!size_name) return null;
  return /^\d/.test(size_name) ? `Size ${size_name}` : size_name;
}

/** A description of a line's choice: "22K · Yellow Gold · Size 12". */
export function choiceText(line: { carat_name: string | null; material_name: string | null; size_name: string | null }): string {
  return [line.carat_name, line.material_name, sizeText(line.size_name)].filter(Boolean).join(' · ');
}
