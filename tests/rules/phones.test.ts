import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../rules/address.ts';
import { phoneBuyer } from '../../rules/compliance.ts';
import { accountPhone, dialCodeOf, formatPhone, nationalNumber, normalisePhone, phoneNumberMessage } from '../../rules/phone.ts';

describe('phone numbers: one stored form (E.164)', () => {
  it('reads every way an Indian number is typed as +919876543210', () => {
    for (const typed of ['9876543210', '98765 43210', '98765-43210', '09876543210', '+91 98765 43210', '+91-9876543210', '+91 098765 43210', '0091 98765 43210', '919876543210', '(+91) 98765.43210', ' +919876543210 ']) {
      expect(normalisePhone(typed, '+91'), typed).toBe('+919876543210');
      expect(nationalNumber(typed, '+91'), typed).toBe('9876543210');
    }
  });

  it('refuses what is not a number of the country: too short, too long, letters, another country\'s code', () => {
    for (const typed of ['98765', '987654321', '98765432101', '98765abcde', '', '+', '+44 7700 900123']) {
      expect(nationalNumber(typed, '+91'), typed).toBeNull();
    }
    expect(normalisePhone('987654321', '+91')).toBeNull();
    expect(normalisePhone('call me', '+91')).toBeNull();
    expect(nationalNumber('9876543210', 'India')).toBeNull();
  });

  it.each([
    // With its "+": as written, under its own country code, whatever the default.
    { typed: '+44 7700 900123', code: '+91', stored: '+447700900123' },
    { typed: '+44 (0)7700 900123', code: '+91', stored: '+447700900123' },
    { typed: '+1 (732) 555-0148', code: '+91', stored: '+17325550148' },
    { typed: '+971 50 123 4567', code: '+91', stored: '+971501234567' },
    // A code the shop has no table for (Pakistan): as written.
    { typed: '+92 300 1234567', code: '+91', stored: '+923001234567' },
    { typed: '+91 12345', code: '+91', stored: null },
    // Without its code: a number of the default country.
    { typed: '(732) 555-0148', code: '+1', stored: '+17325550148' },
    { typed: '1 732 555 0148', code: '+1', stored: '+17325550148' },
    { typed: '07700 900123', code: '+44', stored: '+447700900123' },
    { typed: '090-1234-5678', code: '+81', stored: '+819012345678' },
    { typed: '138 1234 5678', code: '+86', stored: '+8613812345678' },
    // Italy keeps a landline's leading 0 after its code.
    { typed: '06 1234 5678', code: '+39', stored: '+390612345678' },
  ])('reads $typed typed with $code as the default code as $stored', ({ typed, code, stored }) => {
    expect(normalisePhone(typed, code)).toBe(stored);
  });

  it('knows the dialling code of every country the shop ships to', () => {
    for (const country of COUNTRIES) expect(dialCodeOf(country.code), country.code).toMatch(/^\+[1-9]\d{0,2}$/);
    expect(dialCodeOf('in')).toBe('+91');
    expect(dialCodeOf('US')).toBe('+1');
    expect(dialCodeOf('GB')).toBe('+44');
    expect(dialCodeOf('XX')).toBeNull();
  });

  it('an account keeps the code and the national number, which together are E.164', () => {
    expect(accountPhone('+91', '9876543210')).toBe('+919876543210');
    expect(accountPhone('+1', nationalNumber('(732) 555-0148', '+1') as string)).toBe(normalisePhone('(732) 555-0148', '+1'));
  });

  it('counts one buyer by the last ten digits, stored or typed', () => {
    expect(phoneBuyer(normalisePhone('098765 43210', '+91'))).toBe(phoneBuyer('9876543210'));
    expect(phoneBuyer('+91 9876543210')).toBe('9876543210');
  });
});

describe('phone numbers: one shown form', () => {
  // [stored, the account's code if stored without it, as shown]
  it.each<[string, string | undefined, string]>([
    // India as +91 98765 43210, North America as +1 732 555 0148, others as +code number.
    ['+919876543210', undefined, '+91 98765 43210'],
    ['9876543210', '+91', '+91 98765 43210'],
    ['+17325550148', undefined, '+1 732 555 0148'],
    ['7325550148', '+1', '+1 732 555 0148'],
    ['+447700900123', undefined, '+44 7700900123'],
    ['7700900123', '+44', '+44 7700900123'],
    // What it cannot read, as it is.
    ['+91 98765 43210 ext 4', undefined, '+91 98765 43210 ext 4'],
    ['12345', undefined, '12345'],
    ['+923001234567', undefined, '+923001234567'],
  ])('shows %s (code %s) as %s', (stored, code, shown) => {
    expect(formatPhone(stored, code)).toBe(shown);
  });

  it('has the sign-up sentence for a number of the wrong length', () => {
    expect(phoneNumberMessage('+91')).toBe('Phone number must be 10 digits for +91.');
    expect(phoneNumberMessage('+44')).toBe('Phone number must be 6 to 13 digits for +44.');
  });
});
