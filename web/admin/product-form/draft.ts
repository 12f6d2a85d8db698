import { atom, map } from 'nanostores';
import { api } from '../../lib/api/client.ts';
import type { Product } from '../types.ts';
import { checkProductFiles, MESSAGES, requiredTextError } from '../validation.ts';
import { type CaratRow, caratRowBody, caratRowErrors, caratRowSnapshot, caratRowsOf, emptyCaratRow, type MetalRates } from './caratRows.ts';
import type { NonReturnableKind } from '../../../rules/shop-policy.ts';

/**
 * The product form as the administrator fills it in (one form open at a time):
 * the fields, their messages, today's metal rates and the files picked, with the
 * actions that change them. startProductForm fills it from the product opened.
 */

/** Images and videos one product may have (the API's limit). */
export const MAX_MEDIA = 10;

export interface FeatureRow {
  key: number;
  text: string;
}

export interface NewMedia {
  key: number;
  file: File;
  url: string;
}

export type Errors = Record<string, string | null | undefined>;

export interface ProductDraft {
  name: string;
  cateId: string;
  offer: string;
  description: string;
  specifications: string;
  materials: number[];
  sizes: number[];
  carats: CaratRow[];
  features: FeatureRow[];
  bestseller: boolean;
  reel: boolean;
  /** The shop policy's return flags (issue 36): in the partial-refund collection; the kind that cannot be returned ('' returnable). */
  partialRefund: boolean;
  nonReturnable: '' | NonReturnableKind;
  kept: Product['images'];
  added: NewMedia[];
}

let nextKey = 1;
/** A key for a new row or file, unique while the page lives. */
export const newKey = () => nextKey++;

export const $draft = map<ProductDraft>(draftOf(null));
export const $errors = atom<Errors>({});
export const $fileErrors = atom<string[]>([]);
/** null while loading; 'failed' when they could not be read. */
export const $rates = atom<MetalRates | null | 'failed'>(null);

function draftOf(product: Product | null): ProductDraft {
  return {
    name: product?.name ?? '',
    cateId: product ? String(product.cate_id) : '',
    offer: product?.offer ?? '',
    description: product?.description ?? '',
    specifications: product?.specifications ?? '',
    materials: product?.materials ?? [],
    sizes: product?.size ?? [],
    carats: product?.productcarats.length ? caratRowsOf(product, newKey) : [emptyCaratRow(newKey())],
    features: product ? product.key_points.map((text) => ({ key: newKey(), text })) : [{ key: newKey(), text: '' }],
    bestseller: product?.is_bestseller === 1,
    reel: product?.isReel === 1,
    partialRefund: product?.partial_refund === 1,
    nonReturnable: product?.non_returnable ?? '',
    kept: product?.images ?? [],
    added: [],
  };
}

/** Fills the form from the product opened (null: a new product); answers what it holds, to tell later changes. */
export function startProductForm(product: Product | null): string {
  $draft.set(draftOf(product));
  $errors.set({});
  $fileErrors.set([]);
  return draftSnapshot();
}

/** Revokes the previews of the files picked (when the form closes). */
export function endProductForm() {
  $draft.get().added.forEach((m) => URL.revokeObjectURL(m.url));
}

/** Today's rates, for the live price of rate-priced rows (the server prices them again as it saves). */
export function loadRates(): () => void {
  let live = true;
  $rates.set(null);
  api
    .get('/getmetalrates')
    .then((answer) => live && $rates.set(answer.status === 1 && answer.data ? answer.data : 'failed'))
    .catch(() => live && $rates.set('failed'));
  return () => {
    live = false;
  };
}

/** What the form holds now, to tell typed changes from the product as it opened. */
export function draftSnapshot(d: ProductDraft = $draft.get()): string {
  return JSON.stringify([
    d.name,
    d.cateId,
    d.offer,
    d.description,
    d.specifications,
    d.materials,
    d.sizes,
    d.carats.map(caratRowSnapshot),
    d.features.map((f) => f.text),
    d.bestseller,
    d.reel,
    d.partialRefund,
    d.nonReturnable,
    d.kept.map((m) => m.imageUrl),
    d.added.map((m) => m.key),
  ]);
}

/** Takes away the messages of these fields (as the administrator corrects them). */
export function clearErrors(...fields: string[]) {
  const errors = $errors.get();
  if (fields.some((field) => errors[field])) $errors.set({ ...errors, ...Object.fromEntries(fields.map((f) => [f, null])) });
}

/** Sets one field and takes away the messages named. */
export function setField<K extends keyof ProductDraft>(field: K, value: ProductDraft[K], ...clears: string[]) {
  $draft.set({ ...$draft.get(), [field]: value });
  clearErrors(...clears);
}

/** Moves one entry of a list one place left (-1) or right (+1). */
export function moved<T>(list: T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return list;
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target], copy[index]];
  return copy;
}

export function addFiles(files: FileList | null) {
  const { accepted, errors } = checkProductFiles(files ?? []);
  $fileErrors.set(errors);
  if (accepted.length) {
    setField('added', [...$draft.get().added, ...accepted.map((file) => ({ key: newKey(), file, url: URL.createObjectURL(file) }))], 'media');
  }
}

export function removeAdded(media: NewMedia) {
  URL.revokeObjectURL(media.url);
  $draft.setKey('added', $draft.get().added.filter((m) => m.key !== media.key));
}

/** Every field's message, in the order of the form (the first one gets the focus). */
export function validateDraft(d: ProductDraft = $draft.get()): Errors {
  const found: Errors = {
    name: requiredTextError(d.name, 'Product name is required.'),
    cate_id: d.cateId === '' ? 'Category is required.' : null,
    offer: requiredTextError(d.offer, 'Offer is required.'),
    description: requiredTextError(d.description, 'Product Description is required', 'Product Description cannot be empty'),
    specifications: requiredTextError(d.specifications, 'Product Specification is required', 'Product Specification cannot be empty'),
    materials: d.materials.length === 0 ? 'Please select at least one material.' : null,
    carats: d.carats.length === 0 ? 'Please add at least one carat price.' : null,
  };
  for (const row of d.carats) Object.assign(found, caratRowErrors(row));
  for (const feature of d.features) found[`feature-${feature.key}`] = feature.text.trim() === '' ? 'Feature is required' : null;
  const mediaCount = d.kept.length + d.added.length;
  found.media = mediaCount === 0 ? MESSAGES.noProductMedia : mediaCount > MAX_MEDIA ? `A product can have at most ${MAX_MEDIA} images or videos.` : null;
  return found;
}

/** The multipart body of POST /insertproduct (product null) or /updateproduct. */
export function draftForm(product: Product | null, d: ProductDraft = $draft.get()): FormData {
  const form = new FormData();
  if (product) form.append('p_id', String(product.p_id));
  form.append('name', d.name.trim());
  form.append('offer', d.offer.trim());
  form.append('description', d.description.trim());
  form.append('specifications', d.specifications.trim());
  form.append('cate_id', d.cateId);
  form.append('materials', JSON.stringify(d.materials));
  form.append('size', JSON.stringify(d.sizes));
  form.append('caratPrices', JSON.stringify(d.carats.map(caratRowBody)));
  form.append('key_points', JSON.stringify(d.features.map((f) => f.text.trim())));
  form.append('is_bestseller', d.bestseller ? '1' : '0');
  form.append('isReel', d.reel ? '1' : '0');
  form.append('partial_refund', d.partialRefund ? '1' : '0');
  form.append('non_returnable', d.nonReturnable);
  if (product) form.append('keepImages', JSON.stringify(d.kept.map((m) => m.imageUrl)));
  for (const media of d.added) form.append('images', media.file);
  return form;
}
