import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteProduct, insertProduct, setProductStatus, updateProduct } from '../../../../db/queries/admin-products.ts';
import { getProduct } from '../../../../db/queries/catalogue.ts';
import type { AppEnv } from '../../../context.ts';
import { created, ok } from '../../../errors.ts';
import { removeMediaFiles } from '../../../media.ts';
import { parseFields, withUpload } from '../../../uploads.ts';
import {
  type changeProductStatus,
  type deleteProduct as deleteProductRoute,
  InsertProductFields,
  PRODUCT_UPLOAD,
  UpdateProductFields,
} from './products.routes.ts';

/** The product as the API answers it, inactive or not. */
async function productAnswer(c: Context<AppEnv>, p_id: number) {
  const product = await getProduct(c.var.deps.db, p_id, { includeInactive: true });
  if (!product) throw new Error(`product ${p_id} vanished after it was written`);
  return product;
}

export function insertProductHandler(c: Context<AppEnv>) {
  return withUpload(c, PRODUCT_UPLOAD, async (upload) => {
    const form = parseFields(InsertProductFields, upload.fields);
    const files = upload.files('images');
    const p_id = await insertProduct(c.var.deps.db, {
      name: form.name,
      cate_id: form.cate_id,
      description: form.description,
      specifications: form.specifications,
      offer: form.offer,
      is_bestseller: form.is_bestseller ?? 0,
      is_reel: form.isReel ?? 0,
      partial_refund: form.partial_refund ?? 0,
      non_returnable: form.non_returnable ?? null,
      materials: form.materials,
      sizes: form.size ?? [],
      key_points: form.key_points ?? [],
      carats: form.caratPrices,
      media: files.map((file) => ({ file_name: upload.claim(file), kind: file.kind })),
    });
    c.var.deps.onCatalogueChange();
    return created(c, 'Product added successfully.', await productAnswer(c, p_id));
  });
}

export function updateProductHandler(c: Context<AppEnv>) {
  return withUpload(c, PRODUCT_UPLOAD, async (upload) => {
    const form = parseFields(UpdateProductFields, upload.fields);
    const { deps } = c.var;
    const { removedMedia } = await updateProduct(deps.db, form.p_id, {
      details: {
        name: form.name,
        description: form.description,
        specifications: form.specifications,
        offer: form.offer,
        is_bestseller: form.is_bestseller,
        is_reel: form.isReel,
        partial_refund: form.partial_refund,
        non_returnable: form.non_returnable,
        key_points: form.key_points,
        carats: form.caratPrices,
      },
      options: { cate_id: form.cate_id, materials: form.materials, sizes: form.size },
      keepMedia: form.keepImages,
      newMedia: upload.files('images').map((file) => ({ file_name: upload.claim(file), kind: file.kind })),
    });
    await removeMediaFiles(deps, 'Products', removedMedia);
    deps.onCatalogueChange();
    return ok(c, 'Product updated successfully.', await productAnswer(c, form.p_id));
  });
}

export const changeProductStatusHandler: RouteHandler<typeof changeProductStatus, AppEnv> = async (c) => {
  const { p_id, p_status } = c.req.valid('json');
  await setProductStatus(c.var.deps.db, p_id, p_status);
  c.var.deps.onCatalogueChange();
  return ok(c, p_status === 1 ? 'Product activated successfully.' : 'Product deactivated successfully.', { p_id, p_status });
};

export const deleteProductHandler: RouteHandler<typeof deleteProductRoute, AppEnv> = async (c) => {
  const { p_id } = c.req.valid('query');
  const { deps } = c.var;
  const { productFiles, reviewFiles } = await deleteProduct(deps.db, p_id);
  await removeMediaFiles(deps, 'Products', productFiles);
  await removeMediaFiles(deps, 'Reviews', reviewFiles);
  deps.onCatalogueChange();
  return ok(c, 'Product deleted successfully.', null);
};
