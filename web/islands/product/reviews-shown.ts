/**
 * What a product's reviews section shows (count, average, which reviews), written
 * on the section so the page script can tell, without React, when the API's
 * reviews differ from the built ones (web/lib/product-page.ts initReviewsSection).
 */
export const reviewsShown = (reviews: { total: number; avg_rating: number; reviews: ReadonlyArray<{ r_id: number }> }): string =>
  `${reviews.total} ${reviews.avg_rating} ${reviews.reviews.map((r) => r.r_id).join(',')}`;
