/**
 * Every API route declares what it does (`config: { action }`), and one pre-handler turns that
 * into access, after the request is validated (so predicates read typed path values): an estate action of the policy table (`packages/domain/permissions.ts`), or
 * one of the account-level kinds below. A route without an action stops the server at start, so no
 * route can forget its check. Handlers read the result with `estateAccess(req)` / `caller(req)`.
 */
import type { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { isAction, type Action, type Intent, type ResourceFacts } from '@estate/domain/permissions';
import type { WriteScope } from '../db/write-tracking.js';
import { isSupportVisit } from '@estate/domain/roles';
import type { AppContext } from './context.js';
import { requireAdmin, requireEstateAccess, requireUser, type EstateAccess, type UserRow } from './auth.js';
import { AppError, byPolicy } from './errors.js';
import { noteSupportVisit } from './support-visits.js';

/**
 * - `public`: anyone, signed in or not (health, set-up, sign-in, register, …)
 * - `account`: any signed-in, usable account
 * - `account:password-reset`: also an account that must first choose a new password
 * - `admin`: the installation's administrator
 * - an `Action`: a member of the estate in `:eid` whom the policy allows, in the estate's stage
 */
export const ACCOUNT_ACCESS = ['public', 'account', 'account:password-reset', 'admin'] as const;
export type AccountAccess = (typeof ACCOUNT_ACCESS)[number];
export type RouteAction = Action | AccountAccess;

/**
 * A governed route as the authorization matrix, the fuzz and the contract test read it (`responses`:
 * the route's response schemas by status).
 */
export type GovernedRoute = { method: string; url: string; action: RouteAction; intent: Intent; hasBody: boolean; responses: Record<string, unknown> };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared action, in registration order. */
    governedRoutes: GovernedRoute[];
  }
  interface FastifyContextConfig {
    /** What this route does; see route-access.ts. Required on every /api route. */
    action?: RouteAction;
    /**
     * The write keeps only the caller's own place (what they have read), nothing of the estate's
     * record, so a closed estate takes it like a read (see `routeIntent`).
     */
    ownPlaceOnly?: true;
    /** Facts about the addressed resource that a policy predicate reads (e.g. the step in the path). */
    resource?: (req: FastifyRequest) => ResourceFacts;
    /**
     * Who added the addressed row (its `created_by`; null when no one is recorded), read only when a
     * rule's condition needs it (an asset creator changing a catalogue entry: `theirOwn` in the
     * policy). Answers 404 when the row is not in the estate.
     */
    addedBy?: (ctx: AppContext, req: FastifyRequest, estateId: string) => Promise<string | null>;
  }
  interface FastifyRequest {
    /** The estate this request's writes are counted for (db/write-tracking.ts), set once access is granted. */
    writeScope?: WriteScope;
    writeScopeResource?: AsyncResource;
    estateAccessResolved?: EstateAccess;
    callerResolved?: UserRow;
  }
}

export function isAccountAccess(value: string): value is AccountAccess {
  return (ACCOUNT_ACCESS as readonly string[]).includes(value);
}

/** API routes that are documentation, not the product: the OpenAPI UI and document. */
function isGoverned(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

type AccessHook = (req: FastifyRequest) => Promise<void>;

/**
 * A governed route's refusals before its policy is asked are the policy's answer too: not signed
 * in, or the session ended (401), answer with `X-Refused-By: policy` like a refusal by role or stage.
 */
function refusedBeforePolicy(hook: AccessHook): AccessHook {
  return async (req) => {
    try {
      await hook(req);
    } catch (error) {
      if (error instanceof AppError && error.status === 401) byPolicy(error);
      throw error;
    }
  };
}

function accessHook(ctx: AppContext, action: RouteAction, ownPlaceOnly: boolean): AccessHook {
  if (action === 'public') return () => Promise.resolve();
  return refusedBeforePolicy(signedInHook(ctx, action, ownPlaceOnly));
}

function signedInHook(ctx: AppContext, action: Exclude<RouteAction, 'public'>, ownPlaceOnly: boolean): AccessHook {
  if (action === 'account') {
    return async (req) => {
      req.callerResolved = await requireUser(ctx, req);
    };
  }
  if (action === 'account:password-reset') {
    return async (req) => {
      req.callerResolved = await requireUser(ctx, req, { allowForcedReset: true });
    };
  }
  if (action === 'admin') {
    return async (req) => {
      const user = await requireUser(ctx, req);
      requireAdmin(user, req);
      req.callerResolved = user;
    };
  }
  return async (req) => {
    const eid = (req.params as { eid: string }).eid;
    const facts = req.routeOptions.config.resource?.(req);
    const addedBy = req.routeOptions.config.addedBy;
    const rowFacts = addedBy && (async (userId: string) => ({ addedByCaller: (await addedBy(ctx, req, eid)) === userId }));
    // Every write (anything but GET and HEAD) is refused in a closed estate, whatever its action.
    const access = await requireEstateAccess(ctx, req, eid, action, facts, routeIntent(req.method, ownPlaceOnly), rowFacts);
    req.estateAccessResolved = access;
    req.callerResolved = access.user;
    // From here on, what this request writes is counted for this estate's cached answers only.
    if (req.writeScope) req.writeScope.estateId = eid;
    // The administrator looking at an estate they are not a member of: the family sees it in the log.
    if (isSupportVisit(access.roles)) await noteSupportVisit(ctx, access.user.id, eid);
  };
}

/**
 * What a request does to the estate, as the closed estate (stage 99) judges it: anything but GET
 * and HEAD writes, except on a route that keeps only the caller's own place (`ownPlaceOnly`).
 */
export function routeIntent(method: string, ownPlaceOnly = false): Intent {
  return ownPlaceOnly || method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/** Call before any route is registered. */
export function governRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes: GovernedRoute[] = [];
  app.decorate('governedRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isGoverned(route.url)) return;
    const action = route.config?.action;
    if (!action || !(isAccountAccess(action) || isAction(action))) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no known action (config.action); every API route says what it does.`,
      );
    }
    if (!isAccountAccess(action) && !route.url.includes(':eid')) {
      throw new Error(`${String(route.method)} ${route.url} declares the estate action "${action}" but has no :eid.`);
    }
    const ownPlaceOnly = route.config?.ownPlaceOnly === true;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
        routes.push({ method, url: route.url, action, intent: routeIntent(method, ownPlaceOnly), hasBody: Boolean(route.schema?.body), responses });
      }
    }
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [accessHook(ctx, action, ownPlaceOnly), ...existing];
  });
}

/** The access the route's estate action granted (only on routes with an estate action). */
export function estateAccess(req: FastifyRequest): EstateAccess {
  if (!req.estateAccessResolved) throw new Error(`${req.routeOptions.url} has no estate action`);
  return req.estateAccessResolved;
}

/** The signed-in caller (on every route except `public` ones). */
export function caller(req: FastifyRequest): UserRow {
  if (!req.callerResolved) throw new Error(`${req.routeOptions.url} has no signed-in action`);
  return req.callerResolved;
}
