import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { adminErrors, adminRoute, recordId, requiredText } from '../admin.schemas.ts';
import { CountryCode, NewPassword, PhoneNumber } from '../../accounts/accounts.routes.ts';
import { nationalNumber, phoneNumberMessage } from '../../../../rules/phone.ts';
import { ROLES } from '../../../../rules/permissions.ts';
import { errorResponses } from '../../../openapi/schemas.ts';

const Role = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}.` }).openapi({ description: 'owner, manager, orders (order desk), catalogue or accounts (read-only).' });

export const StaffMember = z
  .object({
    u_id: z.number().int(),
    full_name: z.string(),
    countryCode: z.string(),
    phoneNumber: z.string(),
    role: Role,
    active: z.boolean(),
    totp_enabled: z.boolean().openapi({ description: 'Whether sign-in asks for a code from an authenticator app.' }),
    password_change_required: z.boolean().openapi({ description: 'The password is still the one the owner set.' }),
    createdAt: z.string().openapi({ description: 'ISO 8601, UTC.' }),
  })
  .openapi('StaffMember');

export const AddStaff = z
  .strictObject({
    full_name: requiredText('Full name is required.', 100, 'Full name'),
    countryCode: CountryCode,
    phoneNumber: PhoneNumber,
    role: Role,
    password: NewPassword.openapi({ description: 'A first password, which they must change at first sign-in.' }),
  })
  .superRefine((body, ctx) => {
    if (nationalNumber(body.phoneNumber, body.countryCode) === null) ctx.addIssue({ code: 'custom', message: phoneNumberMessage(body.countryCode), path: ['phoneNumber'] });
  })
  .openapi('AddStaff');

export const UpdateStaff = z
  .strictObject({
    u_id: recordId('u_id'),
    role: Role.optional(),
    active: z.boolean({ error: 'active must be true or false.' }).optional().openapi({ description: 'false deactivates: their tokens stop working at once.' }),
    password: NewPassword.optional().openapi({ description: 'Resets the password: a first password they must change at next sign-in; their tokens stop working.' }),
    totp_reset: z.literal(true, { error: 'totp_reset can only be true.' }).optional().openapi({
      description: 'Turns their two-factor sign-in off (a lost phone and lost recovery codes): they sign in with the password and set it up again; their tokens stop working.',
    }),
  })
  .refine((body) => body.role !== undefined || body.active !== undefined || body.password !== undefined || body.totp_reset !== undefined, {
    message: 'Send role, active, password or totp_reset to change.',
  })
  .openapi('UpdateStaff');

export const StaffPolicy = z
  .object({
    refund_limit: z.number().openapi({ description: 'The largest refund (rupees) the order desk may make by cancelling a paid order.' }),
    rate_change_percent: z.number().openapi({ description: 'A metal-rate change larger than this percentage of the current rate must be confirmed.' }),
    catalogue_sets_rates: z.boolean().openapi({ description: 'Whether the catalogue role may set the metal rates.' }),
  })
  .openapi('StaffPolicy');

export const SetStaffPolicy = z
  .strictObject({
    refund_limit: z.number({ error: 'refund_limit must be an amount in rupees.' }).min(0, 'refund_limit cannot be negative.').max(100_000_000, 'refund_limit must be at most ₹10,00,00,000.').optional(),
    rate_change_percent: z.number({ error: 'rate_change_percent must be a number.' }).min(0.1, 'rate_change_percent must be from 0.1 to 100.').max(100, 'rate_change_percent must be from 0.1 to 100.').optional(),
    catalogue_sets_rates: z.boolean({ error: 'catalogue_sets_rates must be true or false.' }).optional(),
  })
  .openapi('SetStaffPolicy');

export const getStaff = createRoute({
  ...adminRoute('staff.manage'),
  method: 'get',
  path: '/getstaff',
  summary: 'The shop\'s staff',
  description: 'Every back-office account with its role, whether it is active and whether it signs in with a code. Owner only.',
  responses: { 200: jsonOk(z.array(StaffMember), 'The staff, active first.'), ...adminErrors },
});

export const addStaff = createRoute({
  ...adminRoute('staff.manage'),
  method: 'post',
  path: '/addstaff',
  summary: 'Add a member of staff',
  description: 'They sign in with this phone number and the password given here, which they must change first. A number that already has an account is refused (409).',
  request: { body: jsonBody(AddStaff) },
  responses: { 201: jsonOk(StaffMember, 'Added.'), ...adminErrors, 409: errorResponses[409] },
});

export const updateStaff = createRoute({
  ...adminRoute('staff.manage'),
  method: 'put',
  path: '/updatestaff',
  summary: 'Change a member of staff: role, active, password',
  description:
    'Nobody changes their own role or deactivates themselves (403); the last active owner cannot be demoted or deactivated (409). ' +
    'Deactivating or resetting the password ends their sessions at once.',
  request: { body: jsonBody(UpdateStaff) },
  responses: { 200: jsonOk(StaffMember, 'Changed.'), ...adminErrors, 404: errorResponses[404], 409: errorResponses[409] },
});

export const getStaffPolicy = createRoute({
  ...adminRoute('staff.manage'),
  method: 'get',
  path: '/getstaffsettings',
  summary: 'The owner\'s staff settings',
  responses: { 200: jsonOk(StaffPolicy, 'The settings in force.'), ...adminErrors },
});

export const setStaffPolicy = createRoute({
  ...adminRoute('staff.manage'),
  method: 'put',
  path: '/setstaffsettings',
  summary: 'Change the owner\'s staff settings',
  description: 'The order desk\'s refund limit, the metal-rate change that must be confirmed, and whether the catalogue role may set rates.',
  request: { body: jsonBody(SetStaffPolicy) },
  responses: { 200: jsonOk(StaffPolicy, 'Saved; the settings in force.'), ...adminErrors },
});
