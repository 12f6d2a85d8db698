import { createRouter } from '../router.ts';
import { changePasswordHandler, getUserProfileHandler, registerUserHandler, updateUserProfileHandler, userLoginHandler } from './accounts.handlers.ts';
import { changePassword, getUserProfile, registerUser, updateUserProfile, userLogin } from './accounts.routes.ts';

/** Registration, login, the caller's profile and password. */
export function accountsRoutes() {
  return createRouter()
    .openapi(registerUser, registerUserHandler)
    .openapi(userLogin, userLoginHandler)
    .openapi(getUserProfile, getUserProfileHandler)
    .openapi(updateUserProfile, updateUserProfileHandler)
    .openapi(changePassword, changePasswordHandler);
}
