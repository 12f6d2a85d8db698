import { createRoute, z } from '@hono/zod-openapi';
import { ErrorEnvelope, jsonOk } from '../../openapi/schemas.ts';

export const healthz = createRoute({
  method: 'get',
  path: '/healthz',
  tags: ['Operations'],
  security: [],
  summary: 'Health check',
  description:
    'For load balancers, orchestrators and the image\'s HEALTHCHECK: 200 while this instance can reach its database, 503 with the reason otherwise (the instance should be taken out of rotation). Never cached.',
  responses: {
    200: jsonOk(z.object({ database: z.literal('reachable') }), 'The database answered.'),
    503: {
      content: { 'application/json': { schema: ErrorEnvelope } },
      description: 'The database did not answer (or not within 2 s); the description says why.',
    },
  },
});

