/**
 * Where an order can go: every Indian state and union territory with its GST
 * state code (the place of supply on a tax invoice), and the countries the shop
 * ships to, each with the postal code as that country writes it. Pure rules:
 * the API validates with them, the checkout offers them.
 */

import { ACCOUNT_COUNTRIES } from './currency.ts';

/** A state or union territory of India, with its two-digit GST state code. */
export interface IndianState {
  name: string;
  /** The GST state code ("24" Gujarat): the first two digits of a GSTIN there. */
  gstCode: string;
  kind: 'state' | 'union territory';
}

/** All 28 states and 8 union territories, in alphabetical order. */
export const INDIAN_STATES: readonly IndianState[] = [
  { name: 'Andaman and Nicobar Islands', gstCode: '35', kind: 'union territory' },
  { name: 'Andhra Pradesh', gstCode: '37', kind: 'state' },
  { name: 'Arunachal Pradesh', gstCode: '12', kind: 'state' },
  { name: 'Assam', gstCode: '18', kind: 'state' },
  { name: 'Bihar', gstCode: '10', kind: 'state' },
  { name: 'Chandigarh', gstCode: '04', kind: 'union territory' },
  { name: 'Chhattisgarh', gstCode: '22', kind: 'state' },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', gstCode: '26', kind: 'union territory' },
  { name: 'Delhi', gstCode: '07', kind: 'union territory' },
  { name: 'Goa', gstCode: '30', kind: 'state' },
  { name: 'Gujarat', gstCode: '24', kind: 'state' },
  { name: 'Haryana', gstCode: '06', kind: 'state' },
  { name: 'Himachal Pradesh', gstCode: '02', kind: 'state' },
  { name: 'Jammu and Kashmir', gstCode: '01', kind: 'union territory' },
  { name: 'Jharkhand', gstCode: '20', kind: 'state' },
  { name: 'Karnataka', gstCode: '29', kind: 'state' },
  { name: 'Kerala', gstCode: '32', kind: 'state' },
  { name: 'Ladakh', gstCode: '38', kind: 'union territory' },
  { name: 'Lakshadweep', gstCode: '31', kind: 'union territory' },
  { name: 'Madhya Pradesh', gstCode: '23', kind: 'state' },
  { name: 'Maharashtra', gstCode: '27', kind: 'state' },
  { name: 'Manipur', gstCode: '14', kind: 'state' },
  { name: 'Meghalaya', gstCode: '17', kind: 'state' },
  { name: 'Mizoram', gstCode: '15', kind: 'state' },
  { name: 'Nagaland', gstCode: '13', kind: 'state' },
  { name: 'Odisha', gstCode: '21', kind: 'state' },
  { name: 'Puducherry', gstCode: '34', kind: 'union territory' },
  { name: 'Punjab', gstCode: '03', kind: 'state' },
  { name: 'Rajasthan', gstCode: '08', kind: 'state' },
  { name: 'Sikkim', gstCode: '11', kind: 'state' },
  { name: 'Tamil Nadu', gstCode: '33', kind: 'state' },
  { name: 'Telangana', gstCode: '36', kind: 'state' },
  { name: 'Tripura', gstCode: '16', kind: 'state' },
  { name: 'Uttar Pradesh', gstCode: '09', kind: 'state' },
  { name: 'Uttarakhand', gstCode: '05', kind: 'state' },
  { name: 'West Bengal', gstCode: '19', kind: 'state' },
];

/** Other spellings shoppers and older clients send, to the list's name. */
const STATE_ALIASES: Record<string, string> = {
  'nct of delhi': 'Delhi',
  'new delhi': 'Delhi',
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
  uttaranchal: 'Uttarakhand',
  'andaman & nicobar islands': 'Andaman and Nicobar Islands',
  'jammu & kashmir': 'Jammu and Kashmir',
  'dadra & nagar haveli and daman & diu': 'Dadra and Nagar Haveli and Daman and Diu',
};

const STATE_BY_KEY = new Map(INDIAN_STATES.map((s) => [s.name.toLowerCase(), s]));

/** The state or union territory a name means (any case, common old spellings), or null. */
export function findIndianState(name: string): IndianState | null {
  const key = name.trim().replace(/\s+/g, ' ').toLowerCase();
  return STATE_BY_KEY.get(key) ?? STATE_BY_KEY.get((STATE_ALIASES[key] ?? '').toLowerCase()) ?? null;
}

/** The GST state code of a state by its GSTIN-style code ("24") to its name. */
export function stateByGstCode(code: string): IndianState | null {
  return INDIAN_STATES.find((s) => s.gstCode === code) ?? null;
}

/** An Indian PIN code: six digits, the first not 0. */
export const INDIAN_PIN = /^[1-9][0-9]{5}$/;

/**
 * Where a PIN's postal circle lies, by India Post's table: its first two digits
 * name a circle, its first three where a circle's prefix also serves a smaller
 * state or territory (the longer prefix wins). Where the post still numbers a
 * place as it did before a state was split or a border moved, both are listed,
 * so no real address is refused: 160 Chandigarh and Mohali (Punjab), 194 Ladakh
 * (written as Jammu and Kashmir before 2019), 24 and 26 Uttarakhand inside Uttar
 * Pradesh's range, 362 and 396 Daman, Diu and Dadra inside Gujarat's, 507 the
 * Bhadrachalam mandals moved to Andhra Pradesh in 2014, 533/605/607/609/673 the
 * four districts of Puducherry (Yanam, Puducherry, Karaikal, Mahe) inside their
 * neighbours' ranges, 682 Lakshadweep inside Kochi's, 783 Meghalaya's border
 * offices, 81-83 Bihar and Jharkhand. 9 is the Army Postal Service, in no state.
 */
const PIN_PREFIX_STATES: Readonly<Record<string, readonly string[]>> = {
  '11': ['Delhi'],
  '12': ['Haryana'],
  '13': ['Haryana'],
  '14': ['Punjab'],
  '15': ['Punjab'],
  '16': ['Punjab'],
  '160': ['Chandigarh', 'Punjab'],
  '17': ['Himachal Pradesh'],
  '18': ['Jammu and Kashmir'],
  '19': ['Jammu and Kashmir'],
  '194': ['Ladakh', 'Jammu and Kashmir'],
  '20': ['Uttar Pradesh'],
  '21': ['Uttar Pradesh'],
  '22': ['Uttar Pradesh'],
  '23': ['Uttar Pradesh'],
  '24': ['Uttar Pradesh', 'Uttarakhand'],
  '25': ['Uttar Pradesh'],
  '26': ['Uttar Pradesh', 'Uttarakhand'],
  '27': ['Uttar Pradesh'],
  '28': ['Uttar Pradesh'],
  '30': ['Rajasthan'],
  '31': ['Rajasthan'],
  '32': ['Rajasthan'],
  '33': ['Rajasthan'],
  '34': ['Rajasthan'],
  '36': ['Gujarat'],
  '362': ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  '37': ['Gujarat'],
  '38': ['Gujarat'],
  '39': ['Gujarat'],
  '396': ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  '40': ['Maharashtra'],
  '403': ['Goa'],
  '41': ['Maharashtra'],
  '42': ['Maharashtra'],
  '43': ['Maharashtra'],
  '44': ['Maharashtra'],
  '45': ['Madhya Pradesh'],
  '46': ['Madhya Pradesh'],
  '47': ['Madhya Pradesh'],
  '48': ['Madhya Pradesh'],
  '49': ['Chhattisgarh'],
  '50': ['Telangana'],
  '507': ['Telangana', 'Andhra Pradesh'],
  '51': ['Andhra Pradesh'],
  '52': ['Andhra Pradesh'],
  '53': ['Andhra Pradesh'],
  '533': ['Andhra Pradesh', 'Puducherry'],
  '56': ['Karnataka'],
  '57': ['Karnataka'],
  '58': ['Karnataka'],
  '59': ['Karnataka'],
  '60': ['Tamil Nadu'],
  '605': ['Tamil Nadu', 'Puducherry'],
  '607': ['Tamil Nadu', 'Puducherry'],
  '609': ['Tamil Nadu', 'Puducherry'],
  '61': ['Tamil Nadu'],
  '62': ['Tamil Nadu'],
  '63': ['Tamil Nadu'],
  '64': ['Tamil Nadu'],
  '67': ['Kerala'],
  '673': ['Kerala', 'Puducherry'],
  '68': ['Kerala'],
  '682': ['Kerala', 'Lakshadweep'],
  '69': ['Kerala'],
  '70': ['West Bengal'],
  '71': ['West Bengal'],
  '72': ['West Bengal'],
  '73': ['West Bengal'],
  '737': ['Sikkim'],
  '74': ['West Bengal'],
  '744': ['Andaman and Nicobar Islands'],
  '75': ['Odisha'],
  '76': ['Odisha'],
  '77': ['Odisha'],
  '78': ['Assam'],
  '783': ['Assam', 'Meghalaya'],
  '790': ['Arunachal Pradesh'],
  '791': ['Arunachal Pradesh'],
  '792': ['Arunachal Pradesh'],
  '793': ['Meghalaya'],
  '794': ['Meghalaya'],
  '795': ['Manipur'],
  '796': ['Mizoram'],
  '797': ['Nagaland'],
  '798': ['Nagaland'],
  '799': ['Tripura'],
  '80': ['Bihar'],
  '81': ['Bihar', 'Jharkhand'],
  '82': ['Bihar', 'Jharkhand'],
  '83': ['Bihar', 'Jharkhand'],
  '84': ['Bihar'],
  '85': ['Bihar'],
};

/** The first digit of the Army Postal Service's PINs (field post offices, in no state). */
const ARMY_POSTAL_SERVICE = '9';

/**
 * The states and union territories a PIN's postal circle covers (the list's
 * names); empty for a PIN in no circle (no post office has it); null for an
 * Army Postal Service PIN, which belongs to no state. Only for a PIN that
 * passes INDIAN_PIN.
 */
export function statesOfPin(pin: string): readonly string[] | null {
  if (pin.startsWith(ARMY_POSTAL_SERVICE)) return null;
  return PIN_PREFIX_STATES[pin.slice(0, 3)] ?? PIN_PREFIX_STATES[pin.slice(0, 2)] ?? [];
}

/** "Gujarat", "Chandigarh or Punjab", "Tamil Nadu, Puducherry or Kerala". */
function eitherOf(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/**
 * Why a six-digit PIN cannot be in this state or union territory (the list's name),
 * as the shopper reads it, or null when it can: "PIN 395007 is in Gujarat, not
 * Maharashtra. Please check the state or the PIN." A PIN must agree with its state
 * for the invoice's place of supply to be right.
 */
export function pinStateProblem(pin: string, state: string): string | null {
  const states = statesOfPin(pin);
  if (states === null || states.includes(state)) return null;
  if (states.length === 0) return `PIN ${pin} is not a PIN code in use in India. Please check the PIN.`;
  return `PIN ${pin} is in ${eitherOf(states)}, not ${state}. Please check the state or the PIN.`;
}

/** A country the shop ships to. */
export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** The postal code as that country writes it; null where there is none in general use. */
  postalCode: RegExp | null;
  /** What the country calls its postal code and its region, for the form's labels. */
  postalLabel: string;
  regionLabel: string;
}

const country = (code: string, name: string, postalCode: RegExp | null, postalLabel = 'Postal code', regionLabel = 'Region'): Country => ({
  code,
  name,
  postalCode,
  postalLabel,
  regionLabel,
});

/** India first, then the countries the shop ships to, by name. */
export const COUNTRIES: readonly Country[] = [
  country('IN', 'India', INDIAN_PIN, 'PIN code', 'State / Union territory'),
  country('AE', 'United Arab Emirates', null, 'Postal code', 'Emirate'),
  country('AU', 'Australia', /^\d{4}$/, 'Postcode', 'State / Territory'),
  country('AT', 'Austria', /^\d{4}$/),
  country('BH', 'Bahrain', /^\d{3,4}$/, 'Postal code', 'Governorate'),
  country('BD', 'Bangladesh', /^\d{4}$/, 'Postal code', 'Division'),
  country('BE', 'Belgium', /^\d{4}$/),
  country('CA', 'Canada', /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i, 'Postal code', 'Province / Territory'),
  country('CN', 'China', /^\d{6}$/, 'Postal code', 'Province'),
  country('DK', 'Denmark', /^\d{4}$/),
  country('FI', 'Finland', /^\d{5}$/),
  country('FR', 'France', /^\d{5}$/),
  country('DE', 'Germany', /^\d{5}$/, 'Postleitzahl', 'State'),
  country('HK', 'Hong Kong', null, 'Postal code', 'District'),
  country('IE', 'Ireland', /^[A-Z\d]{3} ?[A-Z\d]{4}$/i, 'Eircode', 'County'),
  country('IL', 'Israel', /^\d{5}(\d{2})?$/),
  country('IT', 'Italy', /^\d{5}$/, 'CAP', 'Province'),
  country('JP', 'Japan', /^\d{3}-?\d{4}$/, 'Postal code', 'Prefecture'),
  country('KE', 'Kenya', /^\d{5}$/, 'Postal code', 'County'),
  country('KW', 'Kuwait', /^\d{5}$/, 'Postal code', 'Governorate'),
  country('MY', 'Malaysia', /^\d{5}$/, 'Postcode', 'State'),
  country('MU', 'Mauritius', /^\d{5}$/, 'Postal code', 'District'),
  country('NP', 'Nepal', /^\d{5}$/, 'Postal code', 'Province'),
  country('NL', 'Netherlands', /^\d{4} ?[A-Z]{2}$/i, 'Postcode', 'Province'),
  country('NZ', 'New Zealand', /^\d{4}$/, 'Postcode', 'Region'),
  country('NO', 'Norway', /^\d{4}$/),
  country('OM', 'Oman', /^\d{3}$/, 'Postal code', 'Governorate'),
  country('PT', 'Portugal', /^\d{4}-?\d{3}$/, 'Código postal', 'District'),
  country('QA', 'Qatar', null, 'Postal code', 'Municipality'),
  country('SA', 'Saudi Arabia', /^\d{5}(-?\d{4})?$/, 'Postal code', 'Province'),
  country('SG', 'Singapore', /^\d{6}$/, 'Postal code', 'Region'),
  country('ZA', 'South Africa', /^\d{4}$/, 'Postal code', 'Province'),
  country('KR', 'South Korea', /^\d{5}$/, 'Postal code', 'Province'),
  country('ES', 'Spain', /^\d{5}$/, 'Código postal', 'Province'),
  country('LK', 'Sri Lanka', /^\d{5}$/, 'Postal code', 'Province'),
  country('SE', 'Sweden', /^\d{3} ?\d{2}$/),
  country('CH', 'Switzerland', /^\d{4}$/, 'Postal code', 'Canton'),
  country('TH', 'Thailand', /^\d{5}$/, 'Postal code', 'Province'),
  country('GB', 'United Kingdom', /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, 'Postcode', 'County'),
  country('US', 'United States', /^\d{5}(-\d{4})?$/, 'ZIP code', 'State'),
];

const COUNTRY_BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

/** The country an ISO alpha-2 code names (any case), or null when the shop does not ship there. */
export function findCountry(code: string): Country | null {
  return COUNTRY_BY_CODE.get(code.trim().toUpperCase()) ?? null;
}

/** The shop's home country: orders without a country are for India (the documents' clients). */
export const HOME_COUNTRY = 'IN';

/** The country a phone country code suggests at checkout (+91 India); the shopper may change it. */
export function countryForDialCode(dialCode: string | null | undefined): string {
  const code = (dialCode ?? '').trim();
  return ACCOUNT_COUNTRIES.find((c) => c.code === code)?.country ?? HOME_COUNTRY;
}

/**
 * A shopper's contact and shipping address, as the checkout sends it, an order keeps it,
 * the account remembers it and the invoice prints it.
 */
export interface ShippingAddress extends DestinationInput {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  address: string;
  apartment: string;
  city: string;
}

/** An address as the checkout sends it: `state` holds the region abroad, `zip_code` the postal code. */
export interface DestinationInput {
  country: string;
  state: string;
  zip_code: string;
}

/** A destination checked against the rules, with the names the order keeps. */
export interface Destination {
  country: string;
  /** India: the list's name of the state or union territory; abroad: the region as typed. */
  state: string;
  zip_code: string;
  /** India only: the GST state code of the place of supply. */
  gstStateCode: string | null;
}

export type DestinationProblem = { field: 'country' | 'state' | 'zip_code'; message: string };

/**
 * Checks a destination: a country the shop ships to; in India a state or union
 * territory from the list and a six-digit PIN of that state's postal circle; abroad a region and the postal
 * code in that country's format. Answers the normalised destination or the first problem.
 */
export function checkDestination(input: DestinationInput): { ok: true; destination: Destination } | { ok: false; problem: DestinationProblem } {
  const found = findCountry(input.country || HOME_COUNTRY);
  if (!found) return { ok: false, problem: { field: 'country', message: 'We do not ship to this country yet. Please contact us.' } };
  const state = input.state.trim();
  const zip = input.zip_code.trim();
  if (state === '' || state === 'Select State') return { ok: false, problem: { field: 'state', message: 'State is required' } };
  if (found.code === 'IN') {
    const indian = findIndianState(state);
    if (!indian) return { ok: false, problem: { field: 'state', message: 'State must be a state or union territory of India.' } };
    if (zip === '') return { ok: false, problem: { field: 'zip_code', message: 'ZIP code is required' } };
    if (!INDIAN_PIN.test(zip)) return { ok: false, problem: { field: 'zip_code', message: 'PIN code must be 6 digits.' } };
    const elsewhere = pinStateProblem(zip, indian.name);
    if (elsewhere) return { ok: false, problem: { field: 'zip_code', message: elsewhere } };
    return { ok: true, destination: { country: 'IN', state: indian.name, zip_code: zip, gstStateCode: indian.gstCode } };
  }
  if (found.postalCode) {
    if (zip === '') return { ok: false, problem: { field: 'zip_code', message: 'ZIP code is required' } };
    if (!found.postalCode.test(zip)) {
      return { ok: false, problem: { field: 'zip_code', message: `${found.postalLabel} is not valid for ${found.name}.` } };
    }
  }
  return { ok: true, destination: { country: found.code, state, zip_code: found.postalCode ? zip.toUpperCase() : zip, gstStateCode: null } };
}
