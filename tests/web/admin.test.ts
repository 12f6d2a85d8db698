import { describe, expect, it } from 'vitest';
import { pageNumbers, showingText } from '../../web/admin/components/Pager.tsx';
import { formatDate, formatDateTime, formatOrderMoney, knownStatus, shippingAddress } from '../../web/admin/format.ts';
import { checkProductFiles, couponNameError, discountError, discountInput, MAX_FILE_BYTES, pickImages, pickOneImage, priceError, requiredTextError } from '../../web/admin/validation.ts';

/** A File whose reported size is `size` without allocating it. */
function file(name: string, type: string, size = 10): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('back-office form rules (backoffice.md §5)', () => {
  it('lets only digits and one decimal point into the coupon discount while typing', () => {
    expect(discountInput('1a2.5.x5')).toBe('12.55');
    expect(discountInput('-10')).toBe('10');
    expect(discountInput('..5')).toBe('.5');
  });

  it("gives the discount's messages: blank while typing and on submit, not a number, not positive", () => {
    expect(discountError('', 'typing')).toBe('Minimum Amount is required.');
    expect(discountError('  ', 'submit')).toBe('Discount is required.');
    expect(discountError('.', 'submit')).toBe('Please enter a valid number.');
    expect(discountError('-5', 'submit')).toBe('Please enter a positive number.');
    expect(discountError('0', 'submit')).toBe('Please enter a positive number.');
    expect(discountError('100.5', 'submit')).toBe('Discount cannot be more than 100.');
    expect(discountError('12.5', 'submit')).toBeNull();
    expect(discountError('7.', 'typing')).toBeNull();
  });

  it('asks for a coupon code a shopper can type', () => {
    expect(couponNameError(' ')).toBe('Coupon Name is required.');
    expect(couponNameError('diwali sale')).toBe('Coupon Name may contain only letters, digits, - and _.');
    expect(couponNameError('DIWALI_24')).toBeNull();
  });

  it('keeps one image of at most 3 selected, and refuses anything that is not an image', () => {
    const png = file('a.png', 'image/png');
    expect(pickOneImage([png, file('b.jpg', 'image/jpeg')])).toEqual({ file: png, error: null });
    expect(pickOneImage([png, png, png, png])).toEqual({ file: null, error: 'You can only select up to 3 images.' });
    expect(pickOneImage([file('x.svg', 'image/svg+xml')])).toEqual({ file: null, error: 'Please select a valid image file.' });
    expect(pickOneImage([file('notes.txt', 'text/plain')]).error).toBe('Please select a valid image file.');
  });

  it('adds slider images up to 3 in all and keeps the earlier choice when refused', () => {
    const one = [file('1.png', 'image/png')];
    const three = pickImages(one, [file('2.png', 'image/png'), file('3.webp', 'image/webp')]);
    expect(three).toEqual({ files: [...one, expect.any(File), expect.any(File)], error: null });
    expect(pickImages(three.files, [file('4.png', 'image/png')])).toEqual({ files: three.files, error: 'You can only select up to 3 images.' });
  });

  it('checks each product file: an image or a video of at most 120MB, naming the file', () => {
    const { accepted, errors } = checkProductFiles([
      file('ring.jpg', 'image/jpeg'),
      file('spin.mp4', 'video/mp4', MAX_FILE_BYTES),
      file('huge.webm', 'video/webm', MAX_FILE_BYTES + 1),
      file('price.pdf', 'application/pdf'),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['ring.jpg', 'spin.mp4']);
    expect(errors).toEqual(['huge.webm is too large. Max size is 120MB.', 'price.pdf is not a valid image or video file.']);
  });

  it("gives the product form's two messages for a missing and a blank text, and the carat row price rules", () => {
    expect(requiredTextError('', 'Product Description is required', 'Product Description cannot be empty')).toBe('Product Description is required');
    expect(requiredTextError('  ', 'Product Description is required', 'Product Description cannot be empty')).toBe('Product Description cannot be empty');
    expect(priceError('', 'INR')).toBe('INR price is required');
    expect(priceError('12.345', 'USD')).toBe('USD price must be an amount above 0 with at most 2 decimals.');
    expect(priceError('52340.5', 'INR')).toBeNull();
  });
});

describe('back-office display', () => {
  it("says which rows a page shows: 'Showing X to Y of Z users'", () => {
    expect(showingText(1, 10, 23, 'users')).toBe('Showing 1 to 10 of 23 users');
    expect(showingText(3, 10, 23, 'users')).toBe('Showing 21 to 23 of 23 users');
    expect(showingText(1, 10, 0, 'users')).toBe('Showing 0 to 0 of 0 users');
  });

  it('numbers pages with the ends and the pages around the current one', () => {
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
  });

  it('shows order dates as the whole shop writes them (issue 33: no longer backoffice.md §9\'s US format), totals with two decimals, unknown statuses as Pending', () => {
    expect(formatDate('2026-11-21T10:00:00.000Z')).toBe('21 Nov 2026');
    expect(formatDateTime('2026-11-28T01:35:00.000Z')).toBe('28 Nov 2026, 7:05 am');
    expect(formatDate('not a date')).toBe('—');
    expect(formatOrderMoney(52340, 'INR')).toBe('₹52,340.00');
    expect(formatOrderMoney(1282.5, 'USD')).toBe('$1,282.50');
    expect(formatOrderMoney(null)).toBe('₹0.00');
    expect(knownStatus(3)).toBe(3);
    expect(knownStatus(9)).toBe(1);
    expect(shippingAddress({ address: '12 Ghod Dod Road', apartment: '', city: 'Surat', state: 'Gujarat', zip_code: '395001' })).toBe('12 Ghod Dod Road, Surat, Gujarat, 395001');
  });
});
