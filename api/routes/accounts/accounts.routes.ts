import { createRoute, z } from '@hono/zod-openapi';
import { COUNTRY_CODES } from '../../env.ts';
import { errorResponses, jsonBody, jsonOk } from '../../openapi/schemas.ts';

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

const CountryCode = z.enum(COUNTRY_CODES, { error: `Country code must be one of ${COUNTRY_CODES.join(', ')}.` });
const PhoneNumber = z
  .string({ error: 'Phone number is required.' })
  .trim()
  .regex(/^\d{6,15}$/, 'Phone number must be 6 to 15 digits.');

export const RegisterUser = z
  .strictObject({
    full_name: required('Full name', 100),
    u_name: required('Username', 50),
    countryCode: CountryCode,
    phoneNumber: PhoneNumber,
    password: z
      .string({ error: 'Password is required.' })
      .min(8, 'Password must be at least 8 characters.')
      .max(128, 'Password must be at most 128 characters.'),
    repeatPassword: z.string({ error: 'Repeat password is required.' }),
  })
  .refine((body) => body.password === body.repeatPassword, { message: 'Passwords do not match', path: ['repeatPassword'] })
  .openapi('RegisterUser');

export const UserLogin = z
  .strictObject({
    countryCode: CountryCode,
    phoneNumber: PhoneNumber,
    password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(128),
  })
  .openapi('UserLogin');

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
    'A wrong password and an unknown phone get the same answer in the same time. Repeated failures for one phone or from one address are refused with 429 for 15 minutes.',
  request: { body: jsonBody(UserLogin) },
  responses: {
    200: jsonOk(SessionUser, 'The session user, stored by the storefront.'),
    400: errorResponses[400],
    429: errorResponses[429],
  },
});
