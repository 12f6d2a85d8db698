import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../auth.ts';
import { ACCOUNT_COUNTRY_CODES } from '../../../rules/currency.ts';
import { nationalNumber, phoneNumberMessage } from '../../../rules/phone.ts';
import { bearer, errorResponses, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { AddressFields } from '../orders/orders.schemas.ts';
import { ALL_PERMISSIONS, type Permission, ROLES } from '../../../rules/permissions.ts';
import { SignInCode, totpRequiredResponse } from '../totp/totp.routes.ts';

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

export const CountryCode = z.enum(ACCOUNT_COUNTRY_CODES, { error: `Country code must be one of ${ACCOUNT_COUNTRY_CODES.join(', ')}.` });
const PHONE_DIGITS = 'Phone number must be 6 to 15 digits.';
/** The phone as a shopper types it: digits with spaces, dashes, dots or brackets, a leading + or 0 (rules/phone.ts reads it). */
export const PhoneNumber = z
  .string({ error: 'Phone number is required.' })
  .trim()
  .regex(/^\+?[\d\s().-]{6,24}$/, PHONE_DIGITS)
  .refine((v) => v.replace(/\D/g, '').length <= 15, PHONE_DIGITS)
  .openapi({
    description: 'The number under `countryCode`, as typed ("98765 43210", "098765-43210", "+91 98765 43210" are one number); kept and answered as the national number alone ("9876543210"), so `countryCode` + `phoneNumber` is E.164.',
    example: '9876543210',
  });

/** A password being set: 8 to 128 characters. */
export const NewPassword = z
  .string({ error: 'Password is required.' })
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

export const RegisterUser = z
  .strictObject({
    full_name: required('Full name', 100),
    u_name: required('Username', 50),
    countryCode: CountryCode,
    phoneNumber: PhoneNumber,
    password: NewPassword,
    repeatPassword: z.string({ error: 'Repeat password is required.' }),
  })
  .refine((body) => body.password === body.repeatPassword, { message: 'Passwords do not match', path: ['repeatPassword'] })
  .superRefine((body, ctx) => {
    if (nationalNumber(body.phoneNumber, body.countryCode) === null) ctx.addIssue({ code: 'custom', message: phoneNumberMessage(body.countryCode), path: ['phoneNumber'] });
  })
  .openapi('RegisterUser');

export const UserLogin = z
  .strictObject({
    countryCode: CountryCode,
    phoneNumber: PhoneNumber,
    password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(128),
    totp: SignInCode.optional().openapi({
      description:
        'With two-factor sign-in on (staff): the code the authenticator app shows, or an unused recovery code (then used up). Without it such an account is answered 401 with `data.totp_required`; ignored for an account without it.',
    }),
  })
  .openapi('UserLogin');

/** What a signed-in user may do in the back office (rules/permissions.ts). */
const StaffAccess = {
  role: z.enum(ROLES).nullable().openapi({ description: 'A member of staff\'s role; null for a shopper.' }),
  permissions: z.array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]])).openapi({ description: 'What this user may do in the back office; empty for a shopper.' }),
};

export const SessionUser = z
  .object({
    u_id: z.number().int(),
    full_name: z.string(),
    u_name: z.string(),
    phoneNumber: z.string(),
    countryCode: z.string(),
    u_type: z.string().openapi({ description: '"0" for an administrator, "1" for a shopper.' }),
    auth_token: z.string().openapi({ description: 'Bearer token (HS256 JWT, 7 days).' }),
    token: z.string().openapi({ description: 'The same token, for clients that read `token`.' }),
    ...StaffAccess,
    password_change_required: z.literal(true).optional().openapi({
      description: 'Present when the password is one the owner set: until PUT /changepassword, the token can do nothing else.',
    }),
    totp_setup_required: z.literal(true).optional().openapi({
      description:
        'Present when the shop requires two-factor sign-in of staff (STAFF_TOTP=required) and this member has not turned it on: until POST /totp/enable, the token can only call GET /totp/status, POST /totp/setup, POST /totp/enable and PUT /changepassword (anything else: 403 with `data.totp_setup_required`).',
    }),
  })
  .openapi('SessionUser');

export const registerUser = createRoute({
  method: 'post',
  path: '/registeruser',
  tags: ['Accounts'],
  security: [],
  summary: 'Create a shopper account',
  description: 'A username is unique whatever its case (409). Sign-ups from one address are limited to 20 an hour (429 with Retry-After).',
  request: { body: jsonBody(RegisterUser) },
  responses: {
    201: jsonOk(z.object({ u_id: z.number().int() }), 'Account created; the shopper logs in next.'),
    400: errorResponses[400],
    409: errorResponses[409],
    429: errorResponses[429],
  },
});

export const userLogin = createRoute({
  method: 'post',
  path: '/userlogin',
  tags: ['Accounts'],
  security: [],
  summary: 'Log in with country code, phone number and password',
  description:
    'A wrong password and an unknown phone get the same answer in the same time. Repeated failures for one phone or from one address are refused with 429 for 15 minutes. ' +
    'A member of staff with two-factor sign-in on sends `totp` too: without it, or with a wrong or used code, the answer is 401 with `data.totp_required: true`; wrong codes count as failures.',
  request: { body: jsonBody(UserLogin) },
  responses: {
    200: jsonOk(SessionUser, 'The session user, stored by the storefront.'),
    400: errorResponses[400],
    401: totpRequiredResponse,
    429: errorResponses[429],
  },
});

/** The address the checkout remembers: its own fields, messages and rules (storefront.md §5). */
export const SavedAddress = z
  .object({
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string(),
    address: z.string(),
    apartment: z.string(),
    city: z.string(),
    state: z.string(),
    zip_code: z.string(),
    country: z.string().openapi({ description: 'ISO 3166 alpha-2.' }),
    updatedAt: z.string().openapi({ description: 'When it was last saved (UTC).' }),
  })
  .openapi('SavedAddress');

export const UserProfile = z
  .object({
    u_id: z.number().int(),
    full_name: z.string(),
    u_name: z.string(),
    phoneNumber: z.string(),
    countryCode: z.string(),
    ...StaffAccess,
    saved_address: SavedAddress.nullable().openapi({
      description: 'The contact e-mail and shipping address of the last order placed, or as last saved in My Profile; null until then. The checkout fills its form with it.',
    }),
  })
  .openapi('UserProfile');

export const UpdateUserProfile = z
  .strictObject({
    saved_address: z.strictObject(AddressFields).openapi({
      description: 'The address to remember, with the checkout\'s fields and messages; `country` IN when absent; state and PIN or postal code checked for the country.',
    }),
  })
  .openapi('UpdateUserProfile');

export const getUserProfile = createRoute({
  method: 'get',
  path: '/getuserprofile',
  tags: ['Accounts'],
  security: bearer,
  summary: 'The caller\'s profile and remembered address',
  description:
    'My Profile: the account\'s name and phone (as /userlogin answers them) and the remembered contact e-mail and shipping address (`saved_address`), always the caller\'s own (from the token).',
  middleware: [requireUser()] as const,
  responses: { 200: jsonOk(UserProfile, 'The profile.'), 403: errorResponses[403], 404: errorResponses[404] },
});

export const updateUserProfile = createRoute({
  method: 'put',
  path: '/updateuserprofile',
  tags: ['Accounts'],
  security: bearer,
  summary: 'Save the caller\'s remembered address',
  description:
    'Saves the contact e-mail and shipping address the checkout fills in next time (My Profile). Placing an order saves its address the same way. A refused field answers 400 with the checkout\'s message and saves nothing.',
  middleware: [requireUser()] as const,
  request: { body: jsonBody(UpdateUserProfile) },
  responses: { 200: jsonOk(UserProfile, 'Saved; the profile as it now is.'), 400: errorResponses[400], 403: errorResponses[403], 404: errorResponses[404] },
});

export const ChangePassword = z
  .strictObject({
    password: NewPassword,
    repeatPassword: z.string({ error: 'Repeat password is required.' }),
    currentPassword: z.string().max(128).optional().openapi({
      description: 'The password in use now: required, except while the password is one the owner set (password_change_required).',
    }),
  })
  .refine((body) => body.password === body.repeatPassword, { message: 'Passwords do not match', path: ['repeatPassword'] })
  .openapi('ChangePassword');

export const changePassword = createRoute({
  method: 'put',
  path: '/changepassword',
  tags: ['Accounts'],
  security: bearer,
  summary: 'Change the caller\'s password',
  description:
    'Sets a new password. A member of staff whose first password the owner set must call this before anything else. ' +
    'Every other session of the account ends; the answer carries the new token.',
  middleware: [requireUser('allow')] as const,
  request: { body: jsonBody(ChangePassword) },
  responses: {
    200: jsonOk(z.object({ u_id: z.number().int(), auth_token: z.string(), token: z.string() }), 'Changed; use the new token from now on.'),
    400: errorResponses[400],
    403: errorResponses[403],
    429: errorResponses[429],
  },
});
