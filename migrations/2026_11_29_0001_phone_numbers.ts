import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// One form for every phone number (issue 33): they were kept as typed, so one number
// stood as 9876543210, +91 9876543210 and 098765-43210.
// - orders.phone_number and saved_addresses.phone_number become E.164 (+919876543210): a
//   number written with its "+" or "00" code keeps it, one without is read as a number of
//   the row's country (India's ten digits, with a leading 0 or a 91 typed without "+" taken
//   off; elsewhere the trunk 0 taken off, but for Italy and North America).
// - users.phone_number becomes the national number under the account's country_code
//   ("9876543210" under "+91"), as sign-up and login now read it, so the two are E.164
//   together. An account whose number another account already has in that form keeps its
//   own (the unique index on country_code and phone_number stays true); it still logs in
//   with its digits.
// A number that cannot be read so (too short or long for its country, letters) is left as
// it is. The rules as the application had them that day, copied: rules/phone.ts.
// The buyer's day (buyer_days 'p:<digits>') counts the last ten digits and is unchanged.

const DIAL_CODES: Record<string, string> = {
  IN: '91', AE: '971', AU: '61', AT: '43', BH: '973', BD: '880', BE: '32', CA: '1', CN: '86', DK: '45',
  FI: '358', FR: '33', DE: '49', HK: '852', IE: '353', IL: '972', IT: '39', JP: '81', KE: '254', KW: '965',
  MY: '60', MU: '230', NP: '977', NL: '31', NZ: '64', NO: '47', OM: '968', PT: '351', QA: '974', SA: '966',
  SG: '65', ZA: '27', KR: '82', ES: '34', LK: '94', SE: '46', CH: '41', TH: '66', GB: '44', US: '1',
};
const KNOWN_CODES = new Set(Object.values(DIAL_CODES));
const NATIONAL_LENGTH: Record<string, number> = { '91': 10, '1': 10 };
const KEEPS_LEADING_ZERO = new Set(['39', '1']);

function compact(typed: string): string | null {
  const text = typed.trim().replace(/[\s().-]/g, '');
  return /^\+?\d+$/.test(text) ? text : null;
}

function nationalOf(code: string, digits: string): string | null {
  const national = KEEPS_LEADING_ZERO.has(code) ? digits : digits.replace(/^0+/, '');
  const exact = NATIONAL_LENGTH[code];
  if (exact !== undefined) return national.length === exact ? national : null;
  return national.length >= 6 && code.length + national.length <= 15 ? national : null;
}

function leadingCode(digits: string): string | null {
  for (const length of [3, 2, 1]) if (KNOWN_CODES.has(digits.slice(0, length))) return digits.slice(0, length);
  return null;
}

/** The national number of `typed` under the dialling code `code` (no "+"), or null. */
function nationalNumber(typed: string, code: string): string | null {
  const text = compact(typed);
  if (!/^[1-9]\d{0,2}$/.test(code) || !text) return null;
  const international = text.startsWith('+') ? text.slice(1) : text.startsWith('00') ? text.slice(2) : null;
  if (international !== null) return international.startsWith(code) ? nationalOf(code, international.slice(code.length)) : null;
  const exact = NATIONAL_LENGTH[code];
  if (exact !== undefined && text.length === code.length + exact && text.startsWith(code)) return text.slice(code.length);
  return nationalOf(code, text);
}

/** A delivery phone in E.164, a number without its code read as one of `country`; or null. */
function deliveryPhone(typed: string, country: string | null): string | null {
  const text = compact(typed);
  if (!text) return null;
  const international = text.startsWith('+') ? text.slice(1) : text.startsWith('00') ? text.slice(2) : null;
  const code = international === null ? (DIAL_CODES[(country || 'IN').toUpperCase()] ?? '91') : leadingCode(international);
  if (international !== null && !code) return international.length >= 7 && international.length <= 15 && !international.startsWith('0') ? `+${international}` : null;
  if (!code) return null;
  const national = nationalNumber(text, code);
  return national === null ? null : `+${code}${national}`;
}

/** Rewrites one table's delivery phones, one statement per distinct number and country. */
async function normaliseDeliveryPhones(db: Kysely<any>, table: 'orders' | 'saved_addresses'): Promise<void> {
  const rows: { phone_number: string; country: string | null }[] = await db.selectFrom(table).select(['phone_number', 'country']).distinct().execute();
  for (const row of rows) {
    const stored = deliveryPhone(row.phone_number, row.country);
    if (stored === null || stored === row.phone_number) continue;
    let update = db.updateTable(table).set({ phone_number: stored }).where('phone_number', '=', row.phone_number);
    update = row.country === null ? update.where('country', 'is', null) : update.where('country', '=', row.country);
    await update.execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await normaliseDeliveryPhones(db, 'orders');
  await normaliseDeliveryPhones(db, 'saved_addresses');

  const users: { u_id: number; country_code: string; phone_number: string }[] = await db
    .selectFrom('users')
    .select(['u_id', 'country_code', 'phone_number'])
    .orderBy('u_id')
    .execute();
  for (const user of users) {
    const national = nationalNumber(user.phone_number, user.country_code.trim().replace(/^\+/, ''));
    if (national === null || national === user.phone_number) continue;
    // The account that has this number in the one form already keeps it (the older one when two become one).
    const taken = await db.selectFrom('users').select('u_id').where('country_code', '=', user.country_code).where('phone_number', '=', national).executeTakeFirst();
    if (taken) continue;
    await db.updateTable('users').set({ phone_number: national }).where('u_id', '=', user.u_id).execute();
  }
}

export async function down(): Promise<void> {
  // The numbers as they were typed are not kept; the one form is a valid number for the code before this too.
}
