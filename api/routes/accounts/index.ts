import { createRouter } from '../router.ts';
import { changePasswordHandler, getUserProfileHandler, registerUserHandler, updateUserProfileHandler, userLoginHandler } from './accounts.handlers.ts';
import { changePassword, getUserProfile, registerUser, updateUserProfile, userLogin } from './accounts.routes.ts';
import { forgotPasswordHandler, resetPasswordHandler } from './password-reset.handlers.ts';
import { forgotPassword, resetPassword } from './password-reset.routes.ts';

/** Registration, login, the caller's profile and password, and a way back into a forgotten account. */
export function accountsRoutes() {
  return createRouter()
    .openapi(registerUser, registerUserHandler)
    .openapi(userLogin, userLoginHandler)
    .openapi(getUserProfile, getUserProfileHandler)
    .openapi(updateUserProfile, updateUserProfileHandler)
    .openapi(changePassword, changePasswordHandler)
    .openapi(forgotPassword, forgotPasswordHandler)
    .openapi(resetPassword, resetPasswordHandler);
}
