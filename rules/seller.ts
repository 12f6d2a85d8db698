/**
 * Who sells: the shop's legal identity on its tax invoices and the grievance
 * officer its pages name (Consumer Protection (E-Commerce) Rules, 2020, rule
 * 4(4)). Read from configuration (environment variables) with demo defaults,
 * by the API for invoices and by the storefront build for its pages.
 */

import { stateByGstCode } from './address.ts';

export interface Seller {
  legalName: string;
  /** The registered address, one line. */
  address: string;
  /** 15 characters: state code, PAN, entity number, Z, check character. */
  gstin: string;
  /** The GST state code of the shop's place of business ("24" Gujarat). */
  stateCode: string;
  stateName: string;
  /** The invoice series prefix (1 to 3 letters or digits). */
  invoicePrefix: string;
}

export interface GrievanceOfficer {
  name: string;
  designation: string;
  email: string;
  phone: string;
  address: string;
}

/** The shop's invoice series prefix: 1 to 3 letters or digits, so an invoice number stays within 16 characters (rules/invoice.ts). */
export const INVOICE_PREFIX = /^[A-Z0-9]{1,3}$/;

/** GSTIN: 2-digit state code, PAN, an entity digit or letter, Z, a check character. */
export const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const DEMO = {
  SHOP_LEGAL_NAME: 'Aurum Jewels Private Limited',
  SHOP_ADDRESS: '12 Ghod Dod Road, Athwa, Surat, Gujarat 395001, India',
  SHOP_GSTIN: '24AAHCA1234F1Z5',
  SHOP_STATE_CODE: '24',
  INVOICE_PREFIX: 'AJ',
  GRIEVANCE_OFFICER_NAME: 'Meera Shah',
  GRIEVANCE_OFFICER_DESIGNATION: 'Grievance Officer',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@aurumjewels.in',
  GRIEVANCE_OFFICER_PHONE: '+91 98765 43211',
} as const;

type Env = Record<string, string | undefined>;
const pick = (env: Env, key: keyof typeof DEMO) => env[key]?.trim() || DEMO[key];

/** The seller from the environment; throws naming the variable when a value is not valid. */
export function sellerFrom(env: Env): Seller {
  const gstin = pick(env, 'SHOP_GSTIN').toUpperCase();
  const stateCode = pick(env, 'SHOP_STATE_CODE');
  const prefix = pick(env, 'INVOICE_PREFIX').toUpperCase();
  const state = stateByGstCode(stateCode);
  if (!state) throw new Error('SHOP_STATE_CODE must be a GST state code (e.g. 24 for Gujarat)');
  if (!GSTIN_FORMAT.test(gstin)) throw new Error('SHOP_GSTIN must be a 15-character GSTIN');
  if (gstin.slice(0, 2) !== stateCode) throw new Error('SHOP_GSTIN must begin with SHOP_STATE_CODE');
  if (!INVOICE_PREFIX.test(prefix)) throw new Error('INVOICE_PREFIX must be 1 to 3 letters or digits');
  return { legalName: pick(env, 'SHOP_LEGAL_NAME'), address: pick(env, 'SHOP_ADDRESS'), gstin, stateCode, stateName: state.name, invoicePrefix: prefix };
}

/** The grievance officer from the environment. */
export function grievanceOfficerFrom(env: Env): GrievanceOfficer {
  return {
    name: pick(env, 'GRIEVANCE_OFFICER_NAME'),
    designation: pick(env, 'GRIEVANCE_OFFICER_DESIGNATION'),
    email: pick(env, 'GRIEVANCE_OFFICER_EMAIL'),
    phone: pick(env, 'GRIEVANCE_OFFICER_PHONE'),
    address: pick(env, 'SHOP_ADDRESS'),
  };
}
