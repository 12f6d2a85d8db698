import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, PRODUCT_CSV_COLUMNS } from '../../../../rules/csv.ts';
import { tooLargeError } from '../../../../rules/errors.ts';
import { errorResponses, jsonOk } from '../../../openapi/schemas.ts';
import { FileField, multipartBody } from '../../../uploads.ts';
import { adminErrors, adminRoute } from '../admin.schemas.ts';

const IMPORT_MB = IMPORT_MAX_BYTES / 1024 / 1024;

const PlanChange = z.object({ field: z.string().openapi({ example: '22K inr_price' }), from: z.string(), to: z.string() });

const PlanRow = z
  .object({
    row: z.number().int().openapi({ description: "The file's row (the header is row 1)." }),
    p_id: z.number().int().nullable().openapi({ description: 'The product (null: a new one; after an import, its new p_id).' }),
    name: z.string(),
    carat: z.string(),
    action: z.enum(['create', 'change', 'unchanged', 'refuse']),
    changes: z.array(PlanChange).openapi({ description: 'What changes, field by field (the product\'s own fields on its first row).' }),
    reasons: z.array(z.string()).openapi({ description: 'Why the row is refused, in words, each naming its column.' }),
    text: z.string().openapi({ description: 'The row\'s line of the plan, in words.', example: 'Row 3: Lotus Ring (p_id 4), 22K: 22K inr_price "52340.00" -> "50000.00".' }),
  })
  .openapi('ImportPlanRow');

export const ImportPlan = z
  .object({
    dry_run: z.boolean(),
    applied: z.boolean().openapi({ description: 'Whether the catalogue was changed (never on a dry run, nor when a row is refused).' }),
    created: z.number().int().openapi({ description: 'Products added.' }),
    changed: z.number().int().openapi({ description: 'Products changed.' }),
    unchanged: z.number().int().openapi({ description: 'Products as they were.' }),
    refused: z.number().int().openapi({ description: 'Rows refused.' }),
    rows: z.array(PlanRow),
  })
  .openapi('ImportPlan');

const ImportForm = z
  .object({
    file: FileField.openapi({ description: `The CSV file (UTF-8, at most ${IMPORT_MB} MB and ${IMPORT_MAX_ROWS} rows), with the columns of GET /export/products.csv.` }),
    dry_run: z.enum(['0', '1']).optional().openapi({ description: '1: change nothing, answer the plan (also accepted in the query string).' }),
  })
  .openapi('ImportProductsForm');

/** The file's size, refused with 413 as it streams. */
export const importBodyLimit = bodyLimit({
  maxSize: IMPORT_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw tooLargeError(`The file is too large: a product import takes at most ${IMPORT_MB} MB; split it into several files.`);
  },
});

export const importProducts = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'post',
  path: '/import/products',
  summary: 'Import products from CSV (with a dry run)',
  description:
    `Multipart form with \`file\`: the columns of GET /export/products.csv (${PRODUCT_CSV_COLUMNS.join(', ')}), one row per carat row; rows with the same p_id ` +
    '(or, for a new product, the same name) are one product, whose own columns may be left blank after its first row. Each product is checked with the rules of the product form ' +
    '(POST /insertproduct): category, materials, sizes and carat by the names the back office lists; images by the file names of media already uploaded (a web address is refused: ' +
    'images are never fetched); partial_refund 0 or 1, non_returnable blank or custom, engraved or personalised, as the export writes them. ' +
    'A product with a p_id is changed to what the file says (its carat rows replaced, a carat left out removed); one without is added. ' +
    'A changed product\'s updated_at must be the product\'s own (as exported): a product changed after the export, in the back office or by another import, is refused, checked again ' +
    'inside the import\'s transaction. A carat row whose stock is left as exported (stock = stock_at_export) keeps the stock it has now (pieces sold or returned since stay counted); ' +
    'one whose stock both the file and the shop changed is refused. ' +
    '`dry_run=1` changes nothing and answers the plan row by row: created, changed (which fields, from and to) or refused and why. Without it the whole file is written in one ' +
    'transaction, recorded in the audit trail: all or nothing; with any row refused nothing is written and the plan comes back with 400.',
  request: { body: multipartBody(ImportForm), query: z.object({ dry_run: z.enum(['0', '1']).optional() }) },
  responses: {
    200: jsonOk(ImportPlan, 'The plan (a dry run), or what was imported.'),
    ...adminErrors,
    413: errorResponses[413],
  },
});
