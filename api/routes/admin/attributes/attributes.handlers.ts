import type { Context } from 'hono';
import { createAttribute, deleteAttribute, renameAttribute } from '../../../../db/queries/admin-catalogue.ts';
import type { AppEnv } from '../../../context.ts';
import { created, ok } from '../../../errors.ts';
import type { AttributeCalls } from './attributes.routes.ts';

/**
 * Handlers of one attribute's calls. The routes' bodies are built from field
 * names chosen at run time, so the validated values are read by name here.
 */
export function attributeHandlers(calls: AttributeCalls) {
  const { kind, nameField, idField } = calls;
  type Valid = { valid(target: 'json' | 'query'): Record<string, string | number> };
  const body = (c: Context<AppEnv>) => (c.req as unknown as Valid).valid('json');
  const query = (c: Context<AppEnv>) => (c.req as unknown as Valid).valid('query');
  return {
    async add(c: Context<AppEnv>) {
      const row = await createAttribute(c.var.deps.db, kind, String(body(c)[nameField]));
      c.var.deps.onCatalogueChange();
      return created(c, `${kind.label} added successfully.`, row);
    },
    async update(c: Context<AppEnv>) {
      const values = body(c);
      const row = await renameAttribute(c.var.deps.db, kind, Number(values[idField]), String(values[nameField]));
      c.var.deps.onCatalogueChange();
      return ok(c, `${kind.label} updated successfully.`, row);
    },
    async remove(c: Context<AppEnv>) {
      await deleteAttribute(c.var.deps.db, kind, Number(query(c)[idField]));
      c.var.deps.onCatalogueChange();
      return ok(c, `${kind.label} deleted successfully.`, null);
    },
  };
}
