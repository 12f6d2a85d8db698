/** The share of the five stars a rating fills, as the CSS width of the filled row. */
export function starsFill(rating: number): string {
  return `${(Math.max(0, Math.min(5, rating)) / 5) * 100}%`;
}

/** How a rating is read out. */
export function starsLabel(rating: number): string {
  return `${Math.max(0, Math.min(5, rating))} out of 5 stars`;
}
