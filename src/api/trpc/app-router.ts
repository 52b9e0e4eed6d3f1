import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import { operations } from '../operations';
import { callerFor } from '../caller';
import { authorize } from '../access';
import type { AnyOperation, Caller, Operation } from '../declare/operation';
import { withinLimit } from '../within-limit';
import { Download } from '../../http/download';
import { ServedFile } from '../../http/served-file';
import { callHandler } from '../long-work';
import { StoredJson } from '../../http/stored-json';
import { AppError } from '../../errors/app-error';
import { baseProcedure, middleware, router, type TrpcContext } from './init';

/** The tRPC procedure an operation becomes, typed for the web app's client. */
type ProcedureOf<Op> =
  Op extends Operation<infer S, infer O, infer _A, infer K, true>
    ? {
        input: S extends z.ZodType ? z.input<S> : void;
        output: z.output<O>;
        meta: object;
      } extends infer Def extends { input: unknown; output: unknown; meta: object }
      ? K extends 'query'
        ? TRPCQueryProcedure<Def>
        : TRPCMutationProcedure<Def>
      : never
    : never;

/** A feature's operations as procedures; REST-only operations have none. */
type ProceduresOf<Feature> = {
  [Name in keyof Feature as Feature[Name] extends { trpc: true } ? Name : never]: ProcedureOf<Feature[Name]>;
};

type RouterRecordOf<Table> = { [Feature in keyof Table]: ProceduresOf<Table[Feature]> };

/**
 * The procedure of one operation: its rate limit (counted once per call, so every call of a
 * batch counts, on the same counter as its REST path), the access check, its schemas, then its
 * handler. A prepared JSON answer is parsed, as tRPC serialises values itself.
 */
function procedureOf(operation: AnyOperation) {
  const guarded = baseProcedure.use(
    middleware(async ({ ctx, next }) => {
      const caller = callerFor(operation, ctx.auth);
      return withinLimit(
        ctx.app,
        operation.limit,
        { ip: ctx.request.ip, userId: caller?.user.id ?? null, isDemo: caller?.user.isDemo ?? false },
        () => {
          authorize(ctx.app.config, operation, caller);
          return next({ ctx: { caller } });
        },
      );
    }),
  );
  const typed = (operation.input ? guarded.input(operation.input) : guarded).output(operation.output);
  const resolve = async ({
    ctx,
    input,
  }: {
    ctx: TrpcContext & { caller: Caller | null };
    input: unknown;
  }) => {
    const result = await callHandler(operation, {
      ctx: ctx.app,
      caller: ctx.caller,
      input,
      http: { request: ctx.request, reply: ctx.reply },
    });
    if (result instanceof StoredJson) return result.parse<unknown>();
    if (result instanceof Download || result instanceof ServedFile) {
      throw new AppError('INTERNAL', 'A file is offered over REST only.');
    }
    return result;
  };
  return operation.kind === 'query' ? typed.query(resolve) : typed.mutation(resolve);
}

function routerRecordOf<Table extends Record<string, Record<string, AnyOperation>>>(
  table: Table,
): RouterRecordOf<Table> {
  return Object.fromEntries(
    Object.entries(table).map(([feature, entries]) => [
      feature,
      Object.fromEntries(
        Object.entries(entries)
          .filter(([, operation]) => operation.trpc)
          .map(([name, operation]) => [name, procedureOf(operation)]),
      ),
    ]),
  ) as RouterRecordOf<Table>;
}

/** Every operation with a procedure, as `<feature>.<name>` (src/api/operations.ts). */
export const appRouter = router(routerRecordOf(operations));

/** The type the web app imports (type-only) for end-to-end typed calls. */
export type AppRouter = typeof appRouter;
