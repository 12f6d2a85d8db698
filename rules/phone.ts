/**
 * Phone numbers: one stored form and one shown form, whatever a shopper types.
 * Stored in E.164 (+919876543210): an order's and a saved address's phone whole, an
 * account's as its country code ("+91") and the national number after it
 * ("9876543210"), which together are the E.164 number. Shown as "+91 98765 43210".
 */

import { HOME_COUNTRY } from './address.ts';

/** The dialling code of each country the shop ships to (ISO 3166 alpha-2, rules/address.ts COUNTRIES), without "+". */
const DIAL_CODES: Readonly<Record<string, string>> = {
  IN: '91', AE: '971', AU: '61', AT: '43', BH: '973', BD: '880', BE: '32', CA: '1', CN: '86', DK: '45',
  FI: '358', FR: '33', DE: '49', HK: '852', IE: '353', IL: '972', IT: '39', JP: '81', KE: '254', KW: '965',
  MY: '60', MU: '230', NP: '977', NL: '31', NZ: '64', NO: '47', OM: '968', PT: '351', QA: '974', SA: '966',
  SG: '65', ZA: '27', KR: '82', ES: '34', LK: '94', SE: '46', CH: '41', TH: '66', GB: '44', US: '1',
};

const KNOWN_CODES = new Set(Object.values(DIAL_CODES));

/**
 * Where every number has the same length after the country code: India's ten digits
 * (mobiles and landlines with their STD code alike) and the North American plan's ten.
 * Only there can a country code typed without its "+" be told from the number itself.
 */
const NATIONAL_LENGTH: Readonly<Record<string, number>> = { '91': 10, '1': 10 };

/**
 * Where a leading 0 is part of the number, not the trunk prefix dialled at home: Italy's
 * landlines, and the North American plan (whose trunk prefix is 1, read as its code above).
 */
const KEEPS_LEADING_ZERO = new Set(['39', '1']);

/** E.164: at most 15 digits with the country code. */
const MAX_DIGITS = 15;
/** The shortest national number taken (as the accounts always asked: 6 digits). */
const MIN_NATIONAL = 6;

/** The dialling code ("+91") of a country by its ISO alpha-2 code (any case), or null when the shop does not ship there. */
export function dialCodeOf(country: string | null | undefined): string | null {
  const code = DIAL_CODES[(country ?? '').trim().toUpperCase()];
  return code ? `+${code}` : null;
}

/** "+91", "91" or " +91 " to "91"; null when it is not a dialling code. */
function bareCode(dialCode: string): string | null {
  const code = dialCode.trim().replace(/^\+/, '');
  return /^[1-9]\d{0,2}$/.test(code) ? code : null;
}

/** A number as typed without its separators (spaces, dashes, dots, brackets); null when anything else is in it. */
function compact(typed: string): string | null {
  const text = typed.trim().replace(/[\s().-]/g, '');
  return /^\+?\d+$/.test(text) ? text : null;
}

/** The national number checked for its country: the right length, leading zeros (a trunk prefix) taken off. */
function nationalOf(code: string, digits: string): string | null {
  const national = KEEPS_LEADING_ZERO.has(code) ? digits : digits.replace(/^0+/, '');
  const exact = NATIONAL_LENGTH[code];
  if (exact !== undefined) return national.length === exact ? national : null;
  return national.length >= MIN_NATIONAL && code.length + national.length <= MAX_DIGITS ? national : null;
}

/** The country code at the start of international digits (the longest known one), or null. */
function leadingCode(digits: string): string | null {
  for (const length of [3, 2, 1]) {
    const code = digits.slice(0, length);
    if (KNOWN_CODES.has(code)) return code;
  }
  return null;
}

/**
 * The national number of a phone typed under a country code, as an account keeps it
 * ("+91" and "9876543210"): "98765 43210", "098765-43210", "+91 98765 43210",
 * "0091 9876543210" and "919876543210" are all "9876543210". Null when it is not a
 * number of that country (too short or long for it, another country's "+" code, letters).
 */
export function nationalNumber(typed: string, dialCode: string): string | null {
  const code = bareCode(dialCode);
  const text = compact(typed);
  if (!code || !text) return null;
  const international = text.startsWith('+') ? text.slice(1) : text.startsWith('00') ? text.slice(2) : null;
  if (international !== null) return international.startsWith(code) ? nationalOf(code, international.slice(code.length)) : null;
  const exact = NATIONAL_LENGTH[code];
  // The country code typed without its "+" (919876543210), told by the length where every number has one.
  if (exact !== undefined && text.length === code.length + exact && text.startsWith(code)) return text.slice(code.length);
  return nationalOf(code, text);
}

/**
 * A phone as the shop stores it, E.164 ("+919876543210"): typed with its "+" or "00"
 * code, as written; without one, as a number of `defaultDialCode` (for a delivery phone,
 * the destination's: dialCodeOf(country)). Null when it is not a phone number.
 */
export function normalisePhone(typed: string, defaultDialCode: string): string | null {
  const text = compact(typed);
  if (!text) return null;
  const international = text.startsWith('+') ? text.slice(1) : text.startsWith('00') ? text.slice(2) : null;
  const code = international === null ? bareCode(defaultDialCode) : leadingCode(international);
  if (international !== null && !code) {
    // A code the shop has no table for: taken as written, if it can be a number at all.
    return international.length >= MIN_NATIONAL + 1 && international.length <= MAX_DIGITS && !international.startsWith('0') ? `+${international}` : null;
  }
  if (!code) return null;
  const national = nationalNumber(text, code);
  return national === null ? null : `+${code}${national}`;
}

/**
 * A delivery phone (an order's, a saved address's) as the shop stores it, E.164: a
 * number typed without its code is read as one of the destination country (India
 * when none is given). Null when it cannot be read as a phone number there.
 */
export function deliveryPhone(typed: string, country: string | null | undefined): string | null {
  return normalisePhone(typed, dialCodeOf(country || HOME_COUNTRY) ?? (dialCodeOf(HOME_COUNTRY) as string));
}

/** An account's phone in E.164: its country code and national number together. */
export function accountPhone(countryCode: string, phoneNumber: string): string {
  return `${countryCode.trim().startsWith('+') ? '' : '+'}${countryCode.trim()}${phoneNumber}`;
}

/** The national number in the groups it is read in: India 98765 43210, North America 732 555 0148. */
function grouped(code: string, national: string): string {
  if (code === '91' && national.length === 10) return `${national.slice(0, 5)} ${national.slice(5)}`;
  if (code === '1' && national.length === 10) return `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  return national;
}

/**
 * A phone as the shop shows it, one way everywhere: "+91 98765 43210", "+1 732 555 0148",
 * "+44 7700900123". Takes a stored E.164 number, or an account's country code and
 * national number; anything else (a number stored before the shop normalised them,
 * that could not be read) is shown as it is.
 */
export function formatPhone(phone: string, countryCode?: string): string {
  const e164 = countryCode ? accountPhone(countryCode, phone) : phone.trim();
  const digits = /^\+\d+$/.test(e164) ? e164.slice(1) : null;
  const code = digits ? leadingCode(digits) : null;
  if (!digits || !code) return countryCode ? `${countryCode} ${phone}`.trim() : phone;
  return `+${code} ${grouped(code, digits.slice(code.length))}`;
}

/** The sentence for a number that is not one of its country code's (sign-up). */
export function phoneNumberMessage(dialCode: string): string {
  const code = bareCode(dialCode) ?? '';
  const exact = NATIONAL_LENGTH[code];
  return exact !== undefined
    ? `Phone number must be ${exact} digits for +${code}.`
    : `Phone number must be ${MIN_NATIONAL} to ${MAX_DIGITS - code.length} digits for +${code}.`;
}
