/**
 * The home page banner's words (slider_images eyebrow, headline, subline): set
 * as text over the picture, so each line has a length that still fits the
 * banner on a 390 px phone. Looked at in web/pages/index.astro's hero at
 * 390 px: about 30 eyebrow capitals, 28 headline letters and 50 subline letters
 * go to a line, so the maxima give one eyebrow line and two lines each of
 * headline and subline (a 30/48/88 banner fills about half the phone banner's
 * 460 px; at 1366 px the headline takes three lines of its 560 px column).
 * The API validates with these rules and the back-office form checks with them.
 */

export const BANNER_LINES = ['eyebrow', 'headline', 'subline'] as const;
export type BannerLine = (typeof BANNER_LINES)[number];
/** A banner's words as saved: null where a line is empty. */
export type BannerWords = Record<BannerLine, string | null>;

/** The most characters each line takes. */
export const BANNER_LINE_LIMITS: Readonly<Record<BannerLine, number>> = { eyebrow: 30, headline: 48, subline: 88 };

/** How the administrator's form and the API's sentences name each line. */
export const BANNER_LINE_LABELS: Readonly<Record<BannerLine, string>> = { eyebrow: 'Eyebrow', headline: 'Headline', subline: 'Subline' };

/** The home page shows the words only with a headline (web/pages/index.astro). */
export const BANNER_NEEDS_HEADLINE = 'Write a headline too: the eyebrow and the subline are shown only with a headline.';

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A line as it is saved: spaces and line breaks run together as one space, trimmed; empty text is no line (null). */
export function bannerLine(text: string | null | undefined): string | null {
  const tidy = (text ?? '').replace(/\s+/g, ' ').trim();
  return tidy === '' ? null : tidy;
}

/** The characters a line counts (what a reader counts: é, ₹ and an emoji are one each). */
export function bannerLineLength(text: string | null | undefined): number {
  return [...(bannerLine(text) ?? '')].length;
}

/** Why one line cannot be saved, in a sentence naming it, or null when it can. Empty text clears the line. */
export function bannerLineError(line: BannerLine, text: string | null | undefined): string | null {
  const tidy = bannerLine(text);
  if (tidy === null) return null;
  const label = BANNER_LINE_LABELS[line];
  if (CONTROL.test(tidy)) return `${label} must be plain text, without control characters.`;
  const max = BANNER_LINE_LIMITS[line];
  const length = [...tidy].length;
  if (length > max) return `${label} must be at most ${max} characters to fit the banner on a phone (it has ${length}).`;
  return null;
}

/**
 * Every line's problem (null where it is fine), in the order of the banner: a
 * line too long or not plain text, and an eyebrow or subline without a
 * headline (shown under the headline).
 */
export function bannerWordsErrors(words: Partial<Record<BannerLine, string | null | undefined>>): Record<BannerLine, string | null> {
  const found = {
    eyebrow: bannerLineError('eyebrow', words.eyebrow),
    headline: bannerLineError('headline', words.headline),
    subline: bannerLineError('subline', words.subline),
  };
  if (!found.headline && bannerLine(words.headline) === null && (bannerLine(words.eyebrow) !== null || bannerLine(words.subline) !== null)) {
    found.headline = BANNER_NEEDS_HEADLINE;
  }
  return found;
}

/** The first problem of a banner's words, or null when they can be saved. */
export function bannerWordsError(words: Partial<Record<BannerLine, string | null | undefined>>): { line: BannerLine; message: string } | null {
  const found = bannerWordsErrors(words);
  for (const line of BANNER_LINES) {
    const message = found[line];
    if (message) return { line, message };
  }
  return null;
}
