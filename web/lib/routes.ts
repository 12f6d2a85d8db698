import { slugify } from './slug.ts';

/**
 * The pre-rendered listing of a category: /category/<slug of its name>, with
 * the id added when two categories would share a slug.
 */
export function categoryPath(category: { cate_id: number; cate_name: string }, all: ReadonlyArray<{ cate_id: number; cate_name: string }>): string {
  return `/category/${categorySlug(category, all)}`;
}

export function categorySlug(category: { cate_id: number; cate_name: string }, all: ReadonlyArray<{ cate_id: number; cate_name: string }>): string {
  const slug = slugify(category.cate_name);
  const shared = all.some((other) => other.cate_id !== category.cate_id && slugify(other.cate_name) === slug);
  return shared ? `${slug}-${category.cate_id}` : slug;
}

/** A product's page. */
export function productPath(p_id: number): string {
  return `/product-details/${p_id}`;
}
