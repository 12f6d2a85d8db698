import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isEmail } from '../../rules/email.ts';

describe('e-mail address (rules/email.ts)', () => {
  it('takes something@domain.tld', () => {
    for (const text of ['a@b.co', 'priya.shah+gold@example.in', 'a@b.c', 'x@mail.example.co.uk']) expect(isEmail(text)).toBe(true);
  });

  it('refuses spaces, a missing or second @, and no dot after the @', () => {
    for (const text of ['', 'a@b', 'ab.co', 'a b@c.co', 'a@b .co', 'a@@b.co', 'a@b@c.co', '@b.co', 'a@.']) expect(isEmail(text)).toBe(false);
  });

  it('refuses more than 254 characters, as a mail server would', () => {
    const at = (length: number) => `${'a'.repeat(length - '@example.in'.length)}@example.in`;
    expect(isEmail(at(EMAIL_MAX_LENGTH))).toBe(true);
    expect(isEmail(at(EMAIL_MAX_LENGTH + 1))).toBe(false);
  });

  it('is the pattern openapi.yaml publishes', () => {
    expect(EMAIL_PATTERN.source).toBe('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$');
  });
});
