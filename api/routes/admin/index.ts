import { createRouter } from '../router.ts';
import { attributesRoutes } from './attributes/index.ts';
import { auditRoutes } from './audit/index.ts';
import { categoriesRoutes } from './categories/index.ts';
import { contactsRoutes } from './contacts/index.ts';
import { couponsRoutes } from './coupons/index.ts';
import { dashboardRoutes } from './dashboard/index.ts';
import { exportRoutes } from './export/index.ts';
import { importRoutes } from './import/index.ts';
import { messagesRoutes } from './messages/index.ts';
import { newsletterRoutes } from './newsletter/index.ts';
import { ordersAdminRoutes } from './orders/index.ts';
import { productsRoutes } from './products/index.ts';
import { returnsAdminRoutes } from './returns/index.ts';
import { reportsRoutes } from './reports/index.ts';
import { searchAdminRoutes } from './search/index.ts';
import { slidersRoutes } from './sliders/index.ts';
import { staffRoutes } from './staff/index.ts';
import { testimonialsRoutes } from './testimonials/index.ts';
import { usersRoutes } from './users/index.ts';
import { webhooksRoutes } from './webhooks/index.ts';

/**
 * Every back-office call (backoffice.md §7), each declaring the permission it needs
 * (adminRoute, rules/permissions.ts: the database decides the role on every call);
 * DELETE /user/delete/{id} also lets a shopper delete their own account.
 */
export function adminRoutes() {
  return createRouter()
    .route('/', categoriesRoutes())
    .route('/', attributesRoutes())
    .route('/', productsRoutes())
    .route('/', testimonialsRoutes())
    .route('/', slidersRoutes())
    .route('/', couponsRoutes())
    .route('/', usersRoutes())
    .route('/', ordersAdminRoutes())
    .route('/', returnsAdminRoutes())
    .route('/', contactsRoutes())
    .route('/', dashboardRoutes())
    .route('/', searchAdminRoutes())
    .route('/', staffRoutes())
    .route('/', auditRoutes())
    .route('/', messagesRoutes())
    .route('/', newsletterRoutes())
    .route('/', webhooksRoutes())
    .route('/', reportsRoutes())
    .route('/', exportRoutes())
    .route('/', importRoutes());
}
