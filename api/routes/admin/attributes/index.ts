import { createRouter } from '../../router.ts';
import { attributeHandlers } from './attributes.handlers.ts';
import { ATTRIBUTE_CALLS, attributeRoutes } from './attributes.routes.ts';

/** Materials, sizes and carats: add, rename, delete (the same rules for all three). */
export function attributesRoutes() {
  const app = createRouter();
  for (const calls of ATTRIBUTE_CALLS) {
    const routes = attributeRoutes(calls);
    const handlers = attributeHandlers(calls);
    app.openapi(routes.add, handlers.add);
    app.openapi(routes.update, handlers.update);
    app.openapi(routes.remove, handlers.remove);
  }
  return app;
}
