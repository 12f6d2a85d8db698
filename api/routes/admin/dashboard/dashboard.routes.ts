import { createRoute, z } from '@hono/zod-openapi';
import { jsonOk } from '../../../openapi/schemas.ts';
import { adminErrors, adminRoute } from '../admin.schemas.ts';

export const DashboardCounters = z
  .object({
    total_products: z.number().int().openapi({ description: 'Products, active and inactive.' }),
    total_materials: z.number().int(),
    total_orders: z.number().int(),
    total_requests: z.number().int().openapi({ description: 'Contact messages received.' }),
    total_users: z.number().int().openapi({ description: 'Shoppers (administrators not counted).' }),
  })
  .openapi('DashboardCounters');

export const Inquiry = z
  .object({
    inquiryId: z.number().int().openapi({ description: 'The contact message\'s c_id.' }),
    inquiryType: z.literal('contact'),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    status: z.string().openapi({ description: '"new" until handled.' }),
    createdAt: z.string().openapi({ description: 'ISO 8601, UTC.' }),
  })
  .openapi('Inquiry');

export const dashboardCounter = createRoute({
  ...adminRoute('dashboard.view'),
  method: 'get',
  path: '/dashboardcounter',
  summary: 'The dashboard\'s five counters',
  responses: { 200: jsonOk(DashboardCounters, 'The counters.'), 403: adminErrors[403] },
});

const limitMessage = 'limit must be a whole number from 1 to 100.';

export const getAll = createRoute({
  ...adminRoute('customers.view'),
  method: 'get',
  path: '/getall',
  summary: 'The newest inquiries (contact messages)',
  description: 'Newest first; the dashboard shows the last 5, the default.',
  request: {
    query: z.object({
      limit: z.coerce.number<number | string>({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(100, limitMessage).default(5),
    }),
  },
  responses: { 200: jsonOk(z.array(Inquiry), 'The inquiries.'), ...adminErrors },
});
