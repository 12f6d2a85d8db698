import type { RouteHandler } from '@hono/zod-openapi';
import { dashboardCounters, recentInquiries } from '../../../../db/queries/admin-contacts.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import type { dashboardCounter, getAll } from './dashboard.routes.ts';

export const dashboardCounterHandler: RouteHandler<typeof dashboardCounter, AppEnv> = async (c) =>
  ok(c, 'Dashboard counters.', await dashboardCounters(c.var.deps.db));

export const getAllHandler: RouteHandler<typeof getAll, AppEnv> = async (c) =>
  ok(c, 'Recent inquiries.', await recentInquiries(c.var.deps.db, c.req.valid('query').limit));
