import { initTRPC } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import superjson from 'superjson';
import type { RequestAuth } from '../declare/operation';
import { AppError } from '../../errors/app-error';
import type { ServiceContext } from '../../context/service-context';
import { toTrpcError } from './errors';

export interface TrpcContext {
  app: ServiceContext;
  auth: RequestAuth | null;
  request: CreateFastifyContextOptions['req'];
  reply: CreateFastifyContextOptions['res'];
}

export function contextFactory(ctx: ServiceContext) {
  return ({ req, res }: CreateFastifyContextOptions): TrpcContext => ({
    app: ctx,
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

export const router = t.router;
export const middleware = t.middleware;
/** Every procedure starts here; src/api/trpc/app-router.ts adds each operation's limit, access check and handler. */
export const baseProcedure = t.procedure.use(mapErrors);
