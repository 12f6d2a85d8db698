import type { Config } from './env.ts';
import type { Permission, Role } from '../rules/permissions.ts';
import type { DB } from '../db/connection.ts';

/** The caller, as the database knows them (never as the request claims). */
export interface Caller {
  u_id: number;
  u_type: string;
  full_name: string;
  /** The account's country calling code ("+91"): the currency its prices are in (rules/currency.ts). */
  country_code: string;
  /** A member of staff (u_type "0", active): the back office is theirs, within their permissions. */
  isAdmin: boolean;
  /** A member of staff's role (rules/permissions.ts); null for a shopper. */
  role: Role | null;
  /** What this caller may do in the back office, from their role and the owner's policy (empty for a shopper). */
  permissions: Permission[];
}

/** What every handler can reach through `c.var`. */
export interface Deps {
  db: DB;
  config: Config;
  /** Called after a back-office change that the pre-rendered pages show. */
  onCatalogueChange: () => void;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    caller: Caller;
    /** A visitor's catalogue request text, passed on to cachedOk (api/routes/catalogue/kept-answers.ts). */
    visitorRequest: string | undefined;
    /** This request's id (api/request-log.ts), sent back as X-Request-Id. */
    requestId: string;
    /** Set when the checkout lane answered the call: its request line is the lane's (api/lane). */
    laneServed: boolean;
  };
}
