import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { CountryCode, NewPassword, PhoneNumber } from './accounts.routes.ts';

/** The account's number, as the login takes it (an account from before numbers were read is found by its digits). */
const AccountNumber = { countryCode: CountryCode, phoneNumber: PhoneNumber };

export const ForgotPassword = z.strictObject(AccountNumber).openapi('ForgotPassword');

export const ResetPassword = z
  .strictObject({
    ...AccountNumber,
    otp: z
      .string({ error: 'Please enter the 6-digit code we sent you.' })
      .trim()
      .regex(/^\d{6}$/, 'Please enter the 6-digit code we sent you.')
      .openapi({ description: 'The 6-digit code the SMS carried.', example: '123456' }),
    password: NewPassword,
    repeatPassword: z.string({ error: 'Repeat password is required.' }),
  })
  .refine((body) => body.password === body.repeatPassword, { message: 'Passwords do not match', path: ['repeatPassword'] })
  .openapi('ResetPassword');

/** A call anyone may make (security: []): a JSON body, an empty answer, 400 and 429. */
function publicCall<P extends string, B extends z.ZodType>(path: P, body: B, summary: string, description: string, answered: string) {
  return createRoute({
    method: 'post',
    path,
    tags: ['Accounts'],
    security: [],
    summary,
    description,
    request: { body: jsonBody(body) },
    responses: { 200: jsonOk(z.object({}), answered), 400: errorResponses[400], 429: errorResponses[429] },
  });
}

export const forgotPassword = publicCall(
  '/forgotpassword',
  ForgotPassword,
  'Ask for a code to set a forgotten password',
  'When the number belongs to an account, a 6-digit code is sent to it by SMS; it lives 10 minutes, is good once and for at most 5 tries, and asking again replaces it. ' +
    'The answer is the same, in about the same time, whether or not the number has an account. Repeated requests for one number or from one address are refused with 429.',
  'Asked: when the number has an account, its code is on the way.',
);

export const resetPassword = publicCall(
  '/resetpassword',
  ResetPassword,
  'Set a new password with the code sent by SMS',
  'Sets the new password (the sign-up rules) when the code is right, live and unused. Every earlier sign-in of the account ends (its tokens stop working); a password the owner set no longer has to be changed. ' +
    'A wrong, expired or used code is answered 400 with a sentence saying which; after 5 wrong codes the code is dead and a new one must be asked for. Repeated attempts for one number or from one address are refused with 429.',
  'Set: log in with the new password.',
);
