import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { FileField, multipartBody, type UploadRules } from '../../../uploads.ts';
import { BANNER_LINE_LABELS, BANNER_LINE_LIMITS, type BannerLine, bannerLine, bannerWordsError } from '../../../../rules/banner.ts';
import { SliderImage } from '../../catalogue/catalogue.schemas.ts';
import { adminErrors, adminRoute, NoData, recordId } from '../admin.schemas.ts';

/** Slider images: up to 3 per call (backoffice.md §5). */
export const SLIDER_UPLOAD: UploadRules = {
  folder: 'Sliders',
  files: { dynamicImage: { accept: 'image', maxCount: 3, tooMany: 'You can only select up to 3 images.' } },
};

export const addDynamicImages = createRoute({
  ...adminRoute('catalogue.manage'),
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
  ...adminRoute('catalogue.manage'),
  method: 'delete',
  path: '/deletedynamicimage',
  summary: 'Remove a home slider image',
  description: 'Not named by the specification (its slider screen shows removal); the image file goes with the record.',
  request: { query: z.object({ s_id: recordId('s_id') }) },
  responses: { 200: jsonOk(NoData, 'Removed.'), ...adminErrors, 404: errorResponses[404] },
});

/** One line of a banner's words: text (or null), tidied as it is saved; empty clears it. */
const bannerLineField = (line: BannerLine, example: string) =>
  z
    .string({ error: `${BANNER_LINE_LABELS[line]} must be text (empty text clears it).` })
    .nullable()
    .transform(bannerLine)
    .openapi({
      type: ['string', 'null'],
      example,
      description: `At most ${BANNER_LINE_LIMITS[line]} characters (it fits the banner on a phone); spaces run together and are trimmed; empty or null clears the line.`,
    });

export const UpdateSliderText = z
  .object({
    s_id: recordId('s_id'),
    eyebrow: bannerLineField('eyebrow', 'THE FESTIVE EDIT'),
    headline: bannerLineField('headline', 'Gold for every celebration'),
    subline: bannerLineField('subline', 'Handcrafted 22K temple jewellery, BIS hallmarked'),
  })
  .superRefine((words, ctx) => {
    const problem = bannerWordsError(words);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.line] });
  })
  .openapi('UpdateSliderText');

export const updateSliderText = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'put',
  path: '/updateslidertext',
  summary: "Set a home slider image's banner words",
  description:
    'Not named by the specification (its slider images carry only the picture): the eyebrow, headline and subline the home page sets as text over the picture. All three are sent; each is saved as sent, an empty one clears its line. The words show only with a headline, so an eyebrow or subline without one is refused. The storefront shows the change after its next rebuild (within a minute).',
  request: { body: jsonBody(UpdateSliderText) },
  responses: { 200: jsonOk(SliderImage, 'The slide with its words as saved.'), ...adminErrors, 404: errorResponses[404] },
});
