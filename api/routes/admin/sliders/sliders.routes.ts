import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonOk } from '../../../openapi/schemas.ts';
import { FileField, multipartBody, type UploadRules } from '../../../uploads.ts';
import { SliderImage } from '../../catalogue/catalogue.schemas.ts';
import { adminErrors, adminRoute, NoData, recordId } from '../admin.schemas.ts';

/** Slider images: up to 3 per call (backoffice.md §5). */
export const SLIDER_UPLOAD: UploadRules = {
  folder: 'Sliders',
  files: { dynamicImage: { accept: 'image', maxCount: 3, tooMany: 'You can only select up to 3 images.' } },
};

export const addDynamicImages = createRoute({
  ...adminRoute,
  method: 'post',
  path: '/adddynamicimages',
  summary: 'Add home slider images',
  description: 'One to three images (jpg, png, webp, gif, avif, judged by their bytes, at most 120MB each), shown after the existing ones.',
  request: {
    body: multipartBody(
      z
        .object({ dynamicImage: z.array(FileField).openapi({ description: 'One to three images; repeat the field for each file.' }) })
        .openapi('AddSliderImagesForm'),
    ),
  },
  responses: { 201: jsonOk(z.array(SliderImage), 'The images added.'), ...adminErrors, 413: errorResponses[413] },
});

export const deleteDynamicImage = createRoute({
  ...adminRoute,
  method: 'delete',
  path: '/deletedynamicimage',
  summary: 'Remove a home slider image',
  description: 'Not named by the specification (its slider screen shows removal); the image file goes with the record.',
  request: { query: z.object({ s_id: recordId('s_id') }) },
  responses: { 200: jsonOk(NoData, 'Removed.'), ...adminErrors, 404: errorResponses[404] },
});
