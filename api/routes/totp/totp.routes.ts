import { createRoute, z } from '@hono/zod-openapi';
import { requirePermission } from '../../auth.ts';
import { bearer, ErrorEnvelope, errorResponses, jsonBody, jsonOk } from '../../openapi/schemas.ts';

const CODE_MESSAGE = 'Enter the 6-digit code your authenticator app shows.';
const SIGN_IN_CODE_MESSAGE = 'Enter the 6-digit code your authenticator app shows, or one of your recovery codes.';

/** A code of the authenticator app: 6 digits ("123456", or "123 456" as apps show it). */
export const TotpCode = z
  .string({ error: CODE_MESSAGE })
  .trim()
  .regex(/^\d{3}\s?\d{3}$/, CODE_MESSAGE)
  .openapi({ description: 'The 6 digits the authenticator app shows now (a space in the middle is allowed).', example: '492039' });

/** What the second step of a sign-in takes: a code of the app, or one of the recovery codes. */
export const SignInCode = z
  .string({ error: SIGN_IN_CODE_MESSAGE })
  .trim()
  .regex(/^(\d{3}\s?\d{3}|[A-Za-z0-9]{4}(?:[-\s]?[A-Za-z0-9]{4}){3})$/, SIGN_IN_CODE_MESSAGE)
  .openapi({
    description: 'The 6 digits the authenticator app shows now, or one of the recovery codes given at set-up ("abcd-efgh-jkmn-pqrs", any case, dashes optional), which then works no more.',
    example: '492039',
  });

/** The 401 of a sign-in that needs a code: `data.totp_required` is true. */
export const totpRequiredResponse = {
  content: { 'application/json': { schema: ErrorEnvelope } },
  description:
    'The password is right and the account signs in with two-factor sign-in: `data` is `{ totp_required: true }`. Without `totp`, the description asks for the code; with a wrong or used one, it says so (and the attempt counts toward the login limits).',
};

/** Where two-factor sign-in stands for the caller. */
export const TotpStatus = z
  .object({
    totp_enabled: z.boolean().openapi({ description: 'Whether signing in asks for a code from an authenticator app.' }),
    totp_required: z.boolean().openapi({ description: 'Whether the shop requires it of all staff (STAFF_TOTP=required): until it is on, the token can only set it up (and change the password).' }),
    recovery_codes_left: z.number().int().openapi({ description: 'Recovery codes not used yet (0 while it is off).' }),
  })
  .openapi('TotpStatus');

export const TotpSetup = z
  .object({
    secret: z.string().openapi({ description: 'The secret in base32, for typing into an authenticator app by hand.', example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }),
    otpauth_url: z.string().openapi({ description: 'The otpauth://totp/ address to show as a QR code (SHA-1, 6 digits, 30 seconds).' }),
    recovery_codes: z.array(z.string()).openapi({ description: 'Ten one-time recovery codes ("abcd-efgh-jkmn-pqrs"), shown this once: each signs in once without the app (kept only as digests).' }),
  })
  .openapi('TotpSetup');

export const TotpCodeBody = z.strictObject({ code: TotpCode }).openapi('TotpCodeBody');
export const TotpDisableBody = z.strictObject({ code: SignInCode }).openapi('TotpDisableBody');

/** Any active member of staff, on their own account (no back-office permission). */
const staffOwn = { tags: ['Accounts'], security: bearer };
const refusals = { 403: errorResponses[403], 429: errorResponses[429] } as const;

export const getTotpStatus = createRoute({
  ...staffOwn,
  method: 'get',
  path: '/totp/status',
  summary: 'Whether the caller signs in with two-factor sign-in',
  description: 'Staff only (403 for a shopper). Answered also to a token held back until two-factor sign-in is on (STAFF_TOTP=required).',
  middleware: [requirePermission(null, 'totp')] as const,
  responses: { 200: jsonOk(TotpStatus, 'Where it stands.'), 403: errorResponses[403] },
});

export const setupTotp = createRoute({
  ...staffOwn,
  method: 'post',
  path: '/totp/setup',
  summary: 'Set up two-factor sign-in: a new secret and recovery codes',
  description:
    'Makes a new secret (kept sealed) and ten recovery codes, replacing an earlier set-up not yet turned on. Not on until POST /totp/enable gets one right code. ' +
    'Refused (409) while it is on: turn it off first. Staff only; answered also to a token held back until it is on (STAFF_TOTP=required). Recorded in the audit trail (totp.setup), never the secret.',
  middleware: [requirePermission(null, 'totp')] as const,
  responses: { 200: jsonOk(TotpSetup, 'Show the QR code, the secret and the recovery codes; then confirm with a code.'), 403: errorResponses[403], 409: errorResponses[409] },
});

export const enableTotp = createRoute({
  ...staffOwn,
  method: 'post',
  path: '/totp/enable',
  summary: 'Turn two-factor sign-in on with one right code',
  description:
    'The code the app shows for the secret of POST /totp/setup. Each code works once. Wrong codes count toward a limit (429 for 15 minutes after 10). Recorded in the audit trail (totp.enable).',
  middleware: [requirePermission(null, 'totp')] as const,
  request: { body: jsonBody(TotpCodeBody) },
  responses: { 200: jsonOk(TotpStatus, 'On.'), 400: errorResponses[400], 409: errorResponses[409], ...refusals },
});

export const disableTotp = createRoute({
  ...staffOwn,
  method: 'post',
  path: '/totp/disable',
  summary: 'Turn two-factor sign-in off with a code or a recovery code',
  description:
    'The secret and the recovery codes are forgotten. Wrong codes count toward a limit (429 for 15 minutes after 10). Recorded in the audit trail (totp.disable). ' +
    'Under STAFF_TOTP=required the account is then held back until it is set up again.',
  middleware: [requirePermission(null)] as const,
  request: { body: jsonBody(TotpDisableBody) },
  responses: { 200: jsonOk(TotpStatus, 'Off.'), 400: errorResponses[400], 409: errorResponses[409], ...refusals },
});
