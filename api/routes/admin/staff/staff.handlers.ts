import type { RouteHandler } from '@hono/zod-openapi';
import { addStaff, listStaff, setStaffPolicy, updateStaff } from '../../../../db/queries/staff.ts';
import { staffPolicy } from '../../../../db/queries/shop-settings.ts';
import { hashPassword } from '../../../../db/passwords.ts';
import { toMajor, toMinor } from '../../../../rules/money.ts';
import type { StaffPolicy } from '../../../../rules/permissions.ts';
import { nationalNumber } from '../../../../rules/phone.ts';
import type { AppEnv } from '../../../context.ts';
import { created, ok } from '../../../errors.ts';
import type { addStaff as addStaffRoute, getStaff, getStaffPolicy, setStaffPolicy as setStaffPolicyRoute, updateStaff as updateStaffRoute } from './staff.routes.ts';

export const getStaffHandler: RouteHandler<typeof getStaff, AppEnv> = async (c) => ok(c, 'Staff list.', await listStaff(c.var.deps.db));

export const addStaffHandler: RouteHandler<typeof addStaffRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const member = await addStaff(c.var.deps.db, {
    full_name: body.full_name,
    country_code: body.countryCode,
    phone_number: nationalNumber(body.phoneNumber, body.countryCode) ?? body.phoneNumber,
    role: body.role,
    password_hash: await hashPassword(body.password),
  });
  return created(c, 'Staff member added. They must change the password at first sign-in.', member);
};

export const updateStaffHandler: RouteHandler<typeof updateStaffRoute, AppEnv> = async (c) => {
  const { u_id, role, active, password, totp_reset } = c.req.valid('json');
  const password_hash = password === undefined ? undefined : await hashPassword(password);
  const member = await updateStaff(c.var.deps.db, c.var.caller.u_id, { u_id, role, active, password_hash, totp_reset });
  return ok(c, 'Staff member updated.', member);
};

function policyAnswer(policy: StaffPolicy) {
  return { refund_limit: toMajor(policy.refundLimit), rate_change_percent: policy.rateChangePercent, catalogue_sets_rates: policy.catalogueSetsRates };
}

export const getStaffPolicyHandler: RouteHandler<typeof getStaffPolicy, AppEnv> = async (c) => ok(c, 'Staff settings.', policyAnswer(await staffPolicy(c.var.deps.db)));

export const setStaffPolicyHandler: RouteHandler<typeof setStaffPolicyRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const policy = await setStaffPolicy(c.var.deps.db, {
    refundLimit: body.refund_limit === undefined ? undefined : toMinor(body.refund_limit),
    rateChangePercent: body.rate_change_percent,
    catalogueSetsRates: body.catalogue_sets_rates,
  });
  return ok(c, 'Staff settings saved.', policyAnswer(policy));
};
