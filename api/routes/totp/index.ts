import { createRouter } from '../router.ts';
import { disableTotpHandler, enableTotpHandler, getTotpStatusHandler, setupTotpHandler } from './totp.handlers.ts';
import { disableTotp, enableTotp, getTotpStatus, setupTotp } from './totp.routes.ts';

/** Two-factor sign-in for staff (issue 34): where it stands, set-up, on and off, each on the caller's own account. */
export function totpRoutes() {
  return createRouter()
    .openapi(getTotpStatus, getTotpStatusHandler)
    .openapi(setupTotp, setupTotpHandler)
    .openapi(enableTotp, enableTotpHandler)
    .openapi(disableTotp, disableTotpHandler);
}
