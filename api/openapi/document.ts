import type { OpenAPIHono } from '@hono/zod-openapi';
import { stringify } from 'yaml';
import type { AppEnv } from '../context.ts';
import { registerWebhooks } from '../messages/webhook-events.ts';

const INFO = {
  title: 'Aurum Jewellery Store API',
  version: '1.0.0',
  license: { name: 'Proprietary', url: 'https://aurumjewels.in/termsandconditions' },
  description: [
    'Headless commerce API of an online store for 18K and 22K gold jewellery.',
    '',
    'Every answer is the envelope `{ status, description, data }`: `status` 1 on success and 0 on failure,',
    '`description` a message the storefront shows as is. HTTP codes are honest: 400 bad input, 403 missing,',
    'invalid or expired token or wrong role (clients log out), 404, 409, 413 too large, 415 a body that is not JSON, 429.',
    '',
    'Money: `inr_price`, `usd_price`, `subtotal`, `discount`, `total` are amounts in rupees or dollars with at',
    'most two decimals; the server stores them exactly in minor units and prices every order itself.',
    '',
    'Currency and GST are decided apart. The currency follows the account: rupees for +91 and visitors,',
    'dollars for any other country code. GST (3%) follows where the order is delivered (its `country`):',
    'charged in India, not on an export (zero-rated). Listed `inr_price` includes GST; listed `usd_price` is',
    'the export price without it. So a rupee shopper sending a piece abroad pays `inr_price` less its GST',
    '(x 100/103), and a dollar shopper sending a piece to India pays `usd_price` plus 3%; /checkoutquote',
    'answers the line prices and totals for a destination, and /createorder and /payment expect those.',
    'Media file names are relative to the folders `/Sliders`, `/Category`, `/Products` and `/Reviews` on this host.',
  ].join('\n'),
};

/** Registers the parts of the contract that are not a single route's: the bearer tokens' security schemes. */
export function registerContract(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The `auth_token` answered by /userlogin.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'MetricsToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'The `METRICS_TOKEN` the store was started with (GET /metrics only).',
  });
  registerWebhooks(app);
}

/** `post /getcart/{u_id}` becomes `postGetcartByUId`: stable ids for generated clients. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/\{(\w+)\}/g, (_, name: string) => `by_${name}`)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

interface JsonOperation {
  operationId?: string;
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, unknown>;
}

const refusal = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } });

/** The OpenAPI 3.1 document of an app, as a plain object. */
export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: INFO,
    servers: [{ url: '/', description: 'The host serving this document (a store started with npm start: http://localhost:8080)' }],
    tags: [
      { name: 'Accounts', description: 'Registration, login and account deletion' },
      { name: 'Catalogue', description: 'What shoppers browse' },
      { name: 'Cart', description: 'The caller\'s cart and wishlist' },
      { name: 'Orders', description: 'Checkout, payment and order history' },
      { name: 'Reviews', description: 'Product reviews and testimonials' },
      { name: 'Shipping and tax', description: 'Shipping rates and the cash-on-delivery cap (GST invoices and HUIDs are under Orders and Back office)' },
      { name: 'Back office', description: 'Administrator calls' },
      { name: 'Operations', description: 'Health of an instance, for load balancers and orchestrators' },
    ],
  });
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, JsonOperation>)) {
      operation.operationId ??= operationId(method, path);
      // Every JSON body passes the app's 1 MB limit and the validator's media-type gate first.
      if (operation.requestBody?.content?.['application/json'] && operation.responses) {
        operation.responses['413'] ??= refusal('The request body is too large (1 MB at most).');
        operation.responses['415'] ??= refusal('The body was not sent as application/json.');
      }
      // A write can find the database's write lock held past the wait, or the disk full (api/errors.ts).
      if (method !== 'get' && operation.responses) {
        operation.responses['503'] ??= refusal('The database was busy past the wait, or the disk is full; nothing was changed. Retry after the Retry-After header.');
      }
    }
  }
  return document;
}

/**
 * The document as YAML text, exactly as committed in openapi.yaml. Written out in full, without
 * YAML anchors and aliases: every bearer route shares one `security` array, and past 100 of them
 * a YAML reader's alias limit (the yaml package's maxAliasCount) refuses the file as an attack.
 */
export function openApiYaml(app: OpenAPIHono<AppEnv>): string {
  return `# Generated from the zod route definitions by \`npm run openapi\`; do not edit by hand.\n${stringify(openApiDocument(app), { lineWidth: 0, aliasDuplicateObjects: false })}`;
}
