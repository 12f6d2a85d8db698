/**
 * The shopper's profile: the account's name and phone, and the contact and
 * shipping address remembered for the next checkout (saved_addresses).
 * Addresses arriving here were already checked (api/routes/accounts, placeOrder).
 */
import type { ShippingAddress } from '../../rules/address.ts';
import { deliveryPhone } from '../../rules/phone.ts';
import type { QueryCreator } from 'kysely';
import type { DB } from '../connection.ts';
import type { Database } from '../schema.ts';
import { utcTimestamp } from '../time.ts';

/** A remembered address: the checkout form's fields. */
export type SavedAddress = ShippingAddress;

export interface ProfileView {
  u_id: number;
  full_name: string;
  u_name: string;
  phoneNumber: string;
  countryCode: string;
  /** The remembered address, null until the first order or My Profile saves one. */
  saved_address: (SavedAddress & { updatedAt: string }) | null;
}

const ADDRESS_COLUMNS = ['email', 'first_name', 'last_name', 'phone_number', 'address', 'apartment', 'city', 'state', 'zip_code', 'country', 'updated_at'] as const;

/** A shopper's profile; null when the account is gone. */
export async function getProfile(db: DB, u_id: number): Promise<ProfileView | null> {
  const user = await db.selectFrom('users').select(['u_id', 'full_name', 'u_name', 'phone_number', 'country_code']).where('u_id', '=', u_id).executeTakeFirst();
  if (!user) return null;
  const saved = await db.selectFrom('saved_addresses').select(ADDRESS_COLUMNS).where('u_id', '=', u_id).executeTakeFirst();
  return {
    u_id: user.u_id,
    full_name: user.full_name,
    u_name: user.u_name,
    phoneNumber: user.phone_number,
    countryCode: user.country_code,
    saved_address: saved ? { ...addressOf(saved), updatedAt: saved.updated_at } : null,
  };
}

const addressOf = (a: SavedAddress): SavedAddress => ({
  email: a.email,
  first_name: a.first_name,
  last_name: a.last_name,
  phone_number: a.phone_number,
  address: a.address,
  apartment: a.apartment,
  city: a.city,
  state: a.state,
  zip_code: a.zip_code,
  country: a.country,
});

/** The upsert that remembers an address for a shopper (the last one wins), not yet run; its phone kept in E.164 (rules/phone.ts). */
export function addressUpsert(db: QueryCreator<Database>, u_id: number, address: SavedAddress) {
  const phone_number = deliveryPhone(address.phone_number, address.country) ?? address.phone_number.trim();
  const row = { ...addressOf(address), phone_number, updated_at: utcTimestamp() };
  return db
    .insertInto('saved_addresses')
    .values({ u_id, ...row })
    .onConflict((oc) => oc.column('u_id').doUpdateSet(row));
}

/** Remembers an address for a shopper (the last one wins). Run inside the caller's write transaction. */
export async function rememberAddress(db: DB, u_id: number, address: SavedAddress): Promise<void> {
  await addressUpsert(db, u_id, address).execute();
}
