import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { adminErrors, adminRoute, NoData, pageNumber, recordId } from '../admin.schemas.ts';

export const ContactInfoBody = z
  .object({
    page: pageNumber('page', 100_000).default(1),
    perPage: pageNumber('perPage', 100).default(10).openapi({ description: 'Default 10.' }),
  })
  .openapi('ContactInfoBody');

export const Contact = z
  .object({
    c_id: z.number().int(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    mo_no: z.string(),
    status: z.string().openapi({ description: '"new" until handled.' }),
    createdAt: z.string().openapi({ description: 'ISO 8601, UTC.' }),
  })
  .openapi('Contact');

export const contactInfo = createRoute({
  ...adminRoute('customers.view'),
  method: 'post',
  path: '/contactinfo',
  summary: 'Contact messages, newest first, one page at a time',
  request: { body: jsonBody(ContactInfoBody) },
  responses: {
    200: jsonOk(z.object({ contactData: z.array(Contact), totalCount: z.number().int() }), 'One page and the total count.'),
    ...adminErrors,
  },
});

export const deleteContactInfo = createRoute({
  ...adminRoute('customers.manage'),
  method: 'delete',
  path: '/deletecontactinfo',
  summary: 'Delete a contact message',
  request: { query: z.object({ c_id: recordId('c_id') }) },
  responses: { 200: jsonOk(NoData, 'Deleted.'), ...adminErrors, 404: errorResponses[404] },
});

