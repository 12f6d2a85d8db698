import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { addSliderImages, deleteSliderImage, setSliderText } from '../../../../db/queries/admin-reviews.ts';
import type { AppEnv } from '../../../context.ts';
import { invalidError } from '../../../../rules/errors.ts';
import { created, ok } from '../../../errors.ts';
import { removeMediaFiles } from '../../../media.ts';
import { withUpload } from '../../../uploads.ts';
import { type deleteDynamicImage, SLIDER_UPLOAD, type updateSliderText } from './sliders.routes.ts';

export function addDynamicImagesHandler(c: Context<AppEnv>) {
  return withUpload(c, SLIDER_UPLOAD, async (upload) => {
    const files = upload.files('dynamicImage');
    if (files.length === 0) throw invalidError('Please Select Images.');
    const images = await addSliderImages(c.var.deps.db, files.map((file) => upload.claim(file)));
    c.var.deps.onCatalogueChange();
    return created(c, 'Images added successfully.', images);
  });
}

export const deleteDynamicImageHandler: RouteHandler<typeof deleteDynamicImage, AppEnv> = async (c) => {
  const { s_id } = c.req.valid('query');
  const { deps } = c.var;
  const image = await deleteSliderImage(deps.db, s_id);
  await removeMediaFiles(deps, 'Sliders', [image]);
  deps.onCatalogueChange();
  return ok(c, 'Image removed successfully.', null);
};

export const updateSliderTextHandler: RouteHandler<typeof updateSliderText, AppEnv> = async (c) => {
  const { s_id, ...words } = c.req.valid('json');
  const { deps } = c.var;
  const slide = await setSliderText(deps.db, s_id, words);
  // The home page is pre-rendered: its words change with the next rebuild, as for an added or removed image.
  deps.onCatalogueChange();
  return ok(c, 'Banner text saved.', slide);
};
