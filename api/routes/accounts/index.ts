import { createRouter } from '../router.ts';
import { getUserProfileHandler, registerUserHandler, updateUserProfileHandler, userLoginHandler } from './accounts.handlers.ts';
import { getUserProfile, registerUser, updateUserProfile, userLogin } from './accounts.routes.ts';

/** Registration, login and the shopper's profile. */
export function accountsRoutes() {
  return createRouter()
    .openapi(registerUser, registerUserHandler)
    .openapi(userLogin, userLoginHandler)
    .openapi(getUserProfile, getUserProfileHandler)
    .openapi(updateUserProfile, updateUserProfileHandler);
}
