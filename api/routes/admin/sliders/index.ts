import { createRouter } from '../../router.ts';
import { openapiMultipart } from '../../../uploads.ts';
import { addDynamicImagesHandler, deleteDynamicImageHandler, updateSliderTextHandler } from './sliders.handlers.ts';
import { addDynamicImages, deleteDynamicImage, updateSliderText } from './sliders.routes.ts';

/** Home slider images: add (multipart, up to 3), set a banner's words, and remove. */
export function slidersRoutes() {
  const app = createRouter();
  openapiMultipart(app, addDynamicImages, addDynamicImagesHandler);
  return app.openapi(updateSliderText, updateSliderTextHandler).openapi(deleteDynamicImage, deleteDynamicImageHandler);
}
