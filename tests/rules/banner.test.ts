import { describe, expect, it } from 'vitest';
import { BANNER_LINE_LIMITS, BANNER_NEEDS_HEADLINE, bannerLine, bannerLineError, bannerLineLength, bannerWordsError, bannerWordsErrors } from '../../rules/banner.ts';

describe('banner words (rules/banner.ts)', () => {
  it('tidies a line as it is saved: spaces and line breaks run together, trimmed; empty is no line', () => {
    expect(bannerLine('  Gold  for\n every\tcelebration ')).toBe('Gold for every celebration');
    expect(bannerLine('   ')).toBeNull();
    expect(bannerLine('')).toBeNull();
    expect(bannerLine(null)).toBeNull();
    expect(bannerLine(undefined)).toBeNull();
  });

  it('counts characters as a reader does, after tidying', () => {
    expect(bannerLineLength(' ₹ 💍 ')).toBe(3);
    expect(bannerLineLength('Made  for you')).toBe(12);
  });

  it('takes each line up to its limit and refuses one character more, naming the line', () => {
    for (const line of ['eyebrow', 'headline', 'subline'] as const) {
      const max = BANNER_LINE_LIMITS[line];
      expect(bannerLineError(line, 'x'.repeat(max)), line).toBeNull();
      expect(bannerLineError(line, ` ${'x'.repeat(max)} `), `${line} with spaces around`).toBeNull();
      expect(bannerLineError(line, 'x'.repeat(max + 1)), line).toMatch(new RegExp(`^${line[0].toUpperCase()}${line.slice(1)} must be at most ${max} characters to fit the banner on a phone \\(it has ${max + 1}\\)\\.$`));
    }
    expect(bannerLineError('headline', 'Gold\u0007')).toBe('Headline must be plain text, without control characters.');
  });

  it('an eyebrow or a subline needs a headline; nothing at all is fine (the picture alone)', () => {
    expect(bannerWordsErrors({ eyebrow: 'NEW', headline: '', subline: null })).toEqual({ eyebrow: null, headline: BANNER_NEEDS_HEADLINE, subline: null });
    expect(bannerWordsError({ eyebrow: null, headline: ' ', subline: 'Only this' })).toEqual({ line: 'headline', message: BANNER_NEEDS_HEADLINE });
    expect(bannerWordsError({ eyebrow: '', headline: '', subline: '' })).toBeNull();
    expect(bannerWordsError({ eyebrow: 'NEW', headline: 'Gold', subline: 'Made in Surat' })).toBeNull();
    // The first problem in the banner's order.
    expect(bannerWordsError({ eyebrow: 'x'.repeat(99), headline: '', subline: 'x' })?.line).toBe('eyebrow');
  });
});
