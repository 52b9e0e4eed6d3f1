import { initTRPC } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import superjson from 'superjson';
import type { AppContext } from '../app-context';
import { isAdmin, isFounder } from '../auth/roles';
import { AppError, forbidden, unauthorized } from '../errors/app-error';
import { operationForProcedure, withinLimit } from '../http/rate-limits';
import type { RequestAuth } from '../http/request-auth';
import { toTrpcError } from './errors';

export interface TrpcContext {
  app: AppContext;
  auth: RequestAuth | null;
  request: CreateFastifyContextOptions['req'];
  reply: CreateFastifyContextOptions['res'];
}

export function contextFactory(app: AppContext) {
  return ({ req, res }: CreateFastifyContextOptions): TrpcContext => ({
    app,
    auth: req.auth,
    request: req,
    reply: res,
  });
}

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    if (error.code === 'INTERNAL_SERVER_ERROR')
      ctx?.request.log.error({ err: error.cause ?? error }, 'tRPC error');
    return { ...shape, data: { ...shape.data, stack: undefined } };
  },
});

const mapErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError && cause.retryAfterSeconds !== undefined)
      ctx.reply.header('retry-after', String(cause.retryAfterSeconds));
    throw toTrpcError(result.error);
  }
  return result;
});

/**
 * The rate limits of src/http/rate-limits.ts, on the same counters as the REST twins: this runs
 * once per call, so every call of a batch counts.
 */
const operationLimits = t.middleware(({ ctx, path, next }) =>
  withinLimit(
    ctx.app,
    operationForProcedure(path),
    { ip: ctx.request.ip, userId: ctx.auth?.user.id ?? null },
    () => next(),
  ),
);

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapErrors).use(operationLimits);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth) throw unauthorized();
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});

export const founderProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!isFounder(ctx.app.config, ctx.auth.user))
    throw forbidden('Founder tools are for the founder account only.');
  return next();
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!isAdmin(ctx.app.config, ctx.auth.user)) throw forbidden('Admin access required.');
  return next();
});
