import type { RouteHandler } from '@hono/zod-openapi';
import { deleteContact, listContacts } from '../../../../db/queries/admin-contacts.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import type { contactInfo, deleteContactInfo } from './contacts.routes.ts';

export const contactInfoHandler: RouteHandler<typeof contactInfo, AppEnv> = async (c) => {
  const { page, perPage } = c.req.valid('json');
  return ok(c, 'Contact list.', await listContacts(c.var.deps.db, page, perPage));
};

export const deleteContactInfoHandler: RouteHandler<typeof deleteContactInfo, AppEnv> = async (c) => {
  const { c_id } = c.req.valid('query');
  await deleteContact(c.var.deps.db, c_id);
  return ok(c, 'Contact info deleted successfully.', null);
};
