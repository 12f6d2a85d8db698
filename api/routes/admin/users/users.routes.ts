import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../../auth.ts';
import { bearer, errorResponses, jsonOk } from '../../../openapi/schemas.ts';
import { adminErrors, adminRoute, NoData, recordId } from '../admin.schemas.ts';

export const User = z
  .object({
    u_id: z.number().int(),
    full_name: z.string(),
    u_name: z.string(),
    countryCode: z.string(),
    phoneNumber: z.string(),
    u_type: z.string().openapi({ description: '"0" Admin, anything else User.' }),
    createdAt: z.string().openapi({ description: 'ISO 8601, UTC.' }),
  })
  .openapi('User', { description: 'A user as the back office lists them; the password hash is never answered.' });

export const getAllUsers = createRoute({
  ...adminRoute('customers.view'),
  method: 'get',
  path: '/getallusers',
  summary: 'All users, newest first',
  responses: { 200: jsonOk(z.array(User), 'Every user.'), 403: errorResponses[403] },
});

export const deleteUser = createRoute({
  tags: ['Back office', 'Accounts'],
  security: bearer,
  middleware: [requireUser()],
  method: 'delete',
  path: '/user/delete/{id}',
  summary: 'Delete an account',
  description:
    'An administrator deletes any account; anyone else only their own (Delete Account), others are refused with 403. ' +
    'The cart, wishlist and product reviews go with the account, and so do the photos of its returns once each is decided (an open one keeps them for the desk until then); ' +
    'orders and returns stay for the shop\'s books, no longer linked to it. ' +
    'The last administrator cannot be deleted (409).',
  request: { params: z.object({ id: recordId('id') }) },
  responses: { 200: jsonOk(NoData, 'Deleted.'), ...adminErrors, 404: errorResponses[404], 409: errorResponses[409] },
});
