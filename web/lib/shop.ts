/** The shop's fixed contact details (storefront.md §2: "Address and contact details are fixed text"). */
export const SHOP = {
  name: 'Aurum Jewels',
  tagline: 'Handcrafted 18K & 22K gold jewellery from Surat',
  phone: '+91 98765 43210',
  phoneHref: 'tel:+919876543210',
  email: 'care@aurumjewels.in',
  street: '12 Ghod Dod Road, Athwa',
  city: 'Surat',
  region: 'Gujarat',
  postalCode: '395001',
  country: 'India',
  whatsapp: 'https://wa.me/919876543210',
  instagram: 'https://www.instagram.com/aurumjewels',
  facebook: 'https://www.facebook.com/aurumjewels',
  pinterest: 'https://www.pinterest.com/aurumjewels',
  founded: 2010,
} as const;

/** The address on one line, as the footer and the maps search use it. */
export const SHOP_ADDRESS = `${SHOP.name}, ${SHOP.street}, ${SHOP.city}, ${SHOP.region} ${SHOP.postalCode}, ${SHOP.country}`;

/** A Google Maps search for the shop's address (View on Map). */
export const MAPS_SEARCH_URL = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${SHOP.street}, ${SHOP.city}, ${SHOP.region} ${SHOP.postalCode}`)}`;

/** The embedded map (the page CSP allows frames from www.google.com). */
export const MAPS_EMBED_URL = `https://www.google.com/maps?q=${encodeURIComponent(`${SHOP.street}, ${SHOP.city}, ${SHOP.region}`)}&output=embed`;

/** The legal pages' effective date (backoffice.md §9). */
export const POLICY_EFFECTIVE_DATE = '01/06/2025';
