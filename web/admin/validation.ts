/**
 * The back office's form rules (backoffice.md §5), with the document's own
 * messages. The server checks everything again (by the files' bytes); these
 * checks only spare the administrator a round trip.
 */

import { isVideoName, MAX_MEDIA_FILE_BYTES } from '../../rules/media.ts';
import { toMinor } from '../../rules/money.ts';
import { CARAT_ROW_LIMITS, CARAT_ROW_MESSAGES, decimalUnits, MAX_PIECE_PRICE, type MakingType, type RateRecipe, wholeUnits } from '../../rules/pricing.ts';

/** Images the store accepts (the server judges by bytes: jpg, png, webp, gif, avif). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const IMAGE_NAME = /\.(jpe?g|png|webp|gif|avif)$/i;
const VIDEO_TYPES = new Set(['video/mp4', 'video/webm', 'video/ogg']);

/** 120 MB per file (§9). */
export const MAX_FILE_BYTES = MAX_MEDIA_FILE_BYTES;
/** More selected files than this gives 'You can only select up to 3 images.' (§9). */
export const MAX_IMAGE_SELECTION = 3;

export const MESSAGES = {
  tooManyImages: 'You can only select up to 3 images.',
  invalidImage: 'Please select a valid image file.',
  noSliderImages: 'Please Select Images.',
  noProductMedia: 'Please select at least one image or video.',
} as const;

/** What the accept attribute of an image picker lists. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
/** What the product media picker accepts. */
export const MEDIA_ACCEPT = `${IMAGE_ACCEPT},video/mp4,video/webm,video/ogg`;

export function isImageFile(file: File): boolean {
  return file.type ? IMAGE_TYPES.has(file.type) : IMAGE_NAME.test(file.name);
}

export function isVideoFile(file: File): boolean {
  return file.type ? VIDEO_TYPES.has(file.type) : isVideoName(file.name);
}

/**
 * One image from a picker (category, review): more than 3 selected is refused,
 * anything not an image is refused, and of the rest only the first is kept.
 */
export function pickOneImage(files: ArrayLike<File>): { file: File | null; error: string | null } {
  const list = Array.from(files);
  if (list.length > MAX_IMAGE_SELECTION) return { file: null, error: MESSAGES.tooManyImages };
  if (list.some((file) => !isImageFile(file))) return { file: null, error: MESSAGES.invalidImage };
  return { file: list[0] ?? null, error: null };
}

/** Several images (slider): up to 3 in all, images only. */
export function pickImages(current: File[], added: ArrayLike<File>): { files: File[]; error: string | null } {
  const list = Array.from(added);
  if (list.some((file) => !isImageFile(file))) return { files: current, error: MESSAGES.invalidImage };
  const files = [...current, ...list];
  if (files.length > MAX_IMAGE_SELECTION) return { files: current, error: MESSAGES.tooManyImages };
  return { files, error: null };
}

/**
 * Product media: images and videos of at most 120 MB each. The files that pass
 * are kept; each one that does not gets its own message.
 */
export function checkProductFiles(files: ArrayLike<File>): { accepted: File[]; errors: string[] } {
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of Array.from(files)) {
    if (!isImageFile(file) && !isVideoFile(file)) errors.push(`${file.name} is not a valid image or video file.`);
    else if (file.size > MAX_FILE_BYTES) errors.push(`${file.name} is too large. Max size is 120MB.`);
    else accepted.push(file);
  }
  return { accepted, errors };
}

/** Coupon discount while typing: only digits and one decimal point get through. */
export function discountInput(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}

/**
 * The coupon discount's message, if any. While typing a blank reads 'Minimum
 * Amount is required.'; on submit 'Discount is required.' (§5 names both).
 */
export function discountError(value: string, when: 'typing' | 'submit'): string | null {
  const text = value.trim();
  if (text === '') return when === 'typing' ? 'Minimum Amount is required.' : 'Discount is required.';
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text) || !Number.isFinite(Number(text))) return 'Please enter a valid number.';
  if (Number(text) <= 0) return 'Please enter a positive number.';
  // The API's own limits (a percentage, kept exactly): same wording as its refusals.
  if (Number(text) > 100) return 'Discount cannot be more than 100.';
  if ((text.split('.')[1] ?? '').length > 2) return 'Discount can have at most 2 decimals.';
  return null;
}

/** A required text: 'required' when empty, 'empty' when only spaces (the product form's two messages). */
export function requiredTextError(value: string, required: string, empty = required): string | null {
  if (value === '') return required;
  if (value.trim() === '') return empty;
  return null;
}

/** A price typed in a carat row: a positive amount with at most two decimals, at most what a piece may cost (rules/pricing.ts MAX_PIECE_PRICE). */
export function priceError(value: string, currency: 'INR' | 'USD'): string | null {
  const text = value.trim();
  if (text === '') return `${currency} price is required`;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text) || Number(text) <= 0) return `${currency} price must be an amount above 0 with at most 2 decimals.`;
  if (toMinor(Number(text)) > MAX_PIECE_PRICE[currency]) return currency === 'INR' ? CARAT_ROW_MESSAGES.inrOverMax : CARAT_ROW_MESSAGES.usdOverMax;
  return null;
}

/** Coupon codes are what a shopper types at checkout: letters, digits, - and _ (the API's rule). */
export function couponNameError(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'Coupon Name is required.';
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return 'Coupon Name may contain only letters, digits, - and _.';
  return null;
}

/** Bytes as the upload progress shows them: '12.4 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A rate-priced carat row as typed: net weight (g), making charge type and value, stone value (₹). */
export interface RateRowText {
  weight: string;
  makingType: MakingType;
  making: string;
  stones: string;
}

/**
 * A rate-priced row's recipe in the units of rules/pricing.ts (milligrams,
 * basis points or paise per gram, paise), or what is wrong with each field, in
 * the API's own words (rules/pricing.ts CARAT_ROW_MESSAGES). Stones may be left
 * empty (none).
 */
export function readRateRow(row: RateRowText): { recipe: RateRecipe | null; errors: { weight: string | null; making: string | null; stones: string | null } } {
  const M = CARAT_ROW_MESSAGES;
  const weight = decimalUnits(row.weight, 3);
  const making = decimalUnits(row.making, 2);
  const stones = row.stones.trim() === '' ? 0 : decimalUnits(row.stones, 2);
  const errors = {
    weight:
      row.weight.trim() === ''
        ? M.weightRequired
        : weight === null || weight === 0
          ? M.weightInvalid
          : weight > CARAT_ROW_LIMITS.weightGrams * 1000
            ? M.weightOverMax
            : null,
    making:
      row.making.trim() === ''
        ? M.makingRequired
        : making === null || making > CARAT_ROW_LIMITS.making * 100
          ? M.makingInvalid
          : row.makingType === 'percent' && making > 10_000
            ? M.makingOver100
            : null,
    stones: stones === null || stones > CARAT_ROW_LIMITS.stones * 100 ? M.stonesInvalid : null,
  };
  const recipe =
    errors.weight || errors.making || errors.stones ? null : { netWeightMg: weight!, makingType: row.makingType, makingValue: making!, stoneValue: stones! };
  return { recipe, errors };
}

/** A carat row's stock as typed: pieces in stock (required, 0 or more), or made to order with an optional lead time in days. */
export function stockErrors(madeToOrder: boolean, stock: string, lead: string): { stock: string | null; lead: string | null } {
  const M = CARAT_ROW_MESSAGES;
  if (madeToOrder) return { stock: null, lead: lead.trim() === '' || wholeUnits(lead, CARAT_ROW_LIMITS.leadDays) !== null ? null : M.leadInvalid };
  return { stock: stock.trim() === '' ? M.stockRequired : wholeUnits(stock, CARAT_ROW_LIMITS.stock) === null ? M.stockPiecesInvalid : null, lead: null };
}
