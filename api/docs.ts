import { createRequire } from 'node:module';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Aurum Jewellery Store API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>`;

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/openapi.yaml', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: true, persistAuthorization: true });`;

/** Interactive API documentation at /docs, served from the swagger-ui-dist package (no CDN). */
export function docsRoutes(openApiYaml: () => string) {
  let yaml: string | undefined;
  return new Hono()
    .get('/openapi.yaml', (c) => {
      yaml ??= openApiYaml();
      return c.body(yaml, 200, { 'Content-Type': 'application/yaml; charset=utf-8' });
    })
    .get('/docs', (c) => c.html(DOCS_PAGE))
    .get('/docs/init.js', (c) => c.body(INIT_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
    .use(
      '/docs/assets/*',
      serveStatic({ root: path.relative(process.cwd(), swaggerDir), rewriteRequestPath: (p) => p.replace(/^\/docs\/assets/, '') }),
    );
}
