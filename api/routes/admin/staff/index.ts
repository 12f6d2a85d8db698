import { createRouter } from '../../router.ts';
import { addStaffHandler, getStaffHandler, getStaffPolicyHandler, setStaffPolicyHandler, updateStaffHandler } from './staff.handlers.ts';
import { addStaff, getStaff, getStaffPolicy, setStaffPolicy, updateStaff } from './staff.routes.ts';

/** The shop's staff and the owner's staff settings (issue 34): the owner only. */
export function staffRoutes() {
  return createRouter()
    .openapi(getStaff, getStaffHandler)
    .openapi(addStaff, addStaffHandler)
    .openapi(updateStaff, updateStaffHandler)
    .openapi(getStaffPolicy, getStaffPolicyHandler)
    .openapi(setStaffPolicy, setStaffPolicyHandler);
}
