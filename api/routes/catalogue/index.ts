import { createRouter } from '../router.ts';
import {
  getAllProductsHandler,
  getCaratHandler,
  getCategoryHandler,
  getCouponHandler,
  getMaterialsHandler,
  getProductByIdHandler,
  getProductsHandler,
  getReelProductsHandler,
  getSizeHandler,
  searchSuggestionsHandler,
} from './catalogue.handlers.ts';
import {
  getAllProducts,
  getCarat,
  getCategory,
  getCoupon,
  getMaterials,
  getProductById,
  getProducts,
  getReelProducts,
  getSize,
  searchSuggestions,
} from './catalogue.routes.ts';

export { KEPT_ANSWER_PATHS, keptAnswersServer, keptCatalogueAnswer } from './kept-answers.ts';

/** What shoppers browse: categories, materials, carats, sizes, products, coupons. */
export function catalogueRoutes() {
  return createRouter()
    .openapi(getCategory, getCategoryHandler)
    .openapi(getMaterials, getMaterialsHandler)
    .openapi(getCarat, getCaratHandler)
    .openapi(getSize, getSizeHandler)
    .openapi(getProducts, getProductsHandler)
    .openapi(getReelProducts, getReelProductsHandler)
    .openapi(getAllProducts, getAllProductsHandler)
    .openapi(searchSuggestions, searchSuggestionsHandler)
    .openapi(getProductById, getProductByIdHandler)
    .openapi(getCoupon, getCouponHandler);
}
