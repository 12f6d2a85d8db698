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

  it('takes a number with its "+" as written, under its own country code, whatever the default', () => {
    expect(normalisePhone('+44 7700 900123', '+91')).toBe('+447700900123');
    expect(normalisePhone('+44 (0)7700 900123', '+91')).toBe('+447700900123');
    expect(normalisePhone('+1 (732) 555-0148', '+91')).toBe('+17325550148');
    expect(normalisePhone('+971 50 123 4567', '+91')).toBe('+971501234567');
    // A code the shop has no table for (Pakistan): as written.
    expect(normalisePhone('+92 300 1234567', '+91')).toBe('+923001234567');
    expect(normalisePhone('+91 12345', '+91')).toBeNull();
  });

  it('reads a number without its code as one of the default country', () => {
    expect(normalisePhone('(732) 555-0148', '+1')).toBe('+17325550148');
    expect(normalisePhone('1 732 555 0148', '+1')).toBe('+17325550148');
    expect(normalisePhone('07700 900123', '+44')).toBe('+447700900123');
    expect(normalisePhone('090-1234-5678', '+81')).toBe('+819012345678');
    expect(normalisePhone('138 1234 5678', '+86')).toBe('+8613812345678');
    // Italy keeps a landline's leading 0 after its code.
    expect(normalisePhone('06 1234 5678', '+39')).toBe('+390612345678');
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
  it('shows India as +91 98765 43210, North America as +1 732 555 0148, others as +code number', () => {
    expect(formatPhone('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhone('9876543210', '+91')).toBe('+91 98765 43210');
    expect(formatPhone('+17325550148')).toBe('+1 732 555 0148');
    expect(formatPhone('7325550148', '+1')).toBe('+1 732 555 0148');
    expect(formatPhone('+447700900123')).toBe('+44 7700900123');
    expect(formatPhone('7700900123', '+44')).toBe('+44 7700900123');
  });

  it('shows what it cannot read as it is', () => {
    expect(formatPhone('+91 98765 43210 ext 4')).toBe('+91 98765 43210 ext 4');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('+923001234567')).toBe('+923001234567');
  });

  it('has the sign-up sentence for a number of the wrong length', () => {
    expect(phoneNumberMessage('+91')).toBe('Phone number must be 10 digits for +91.');
    expect(phoneNumberMessage('+44')).toBe('Phone number must be 6 to 13 digits for +44.');
  });
});
