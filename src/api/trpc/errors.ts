import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, appErrorCodes } from '../../errors/app-error';
import { describeZodError } from '../../http/error-handler';

/** The one place AppErrors become tRPC errors (the other is the REST error handler). */
export function toTrpcError(error: unknown): TRPCError {
  if (
    error instanceof TRPCError &&
    !(error.cause instanceof AppError) &&
    !(error.cause instanceof ZodError)
  ) {
    return error;
  }
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof AppError) {
    return new TRPCError({ code: appErrorCodes[cause.code].trpc, message: cause.message, cause });
  }
  if (cause instanceof ZodError) {
    return new TRPCError({ code: 'BAD_REQUEST', message: describeZodError(cause), cause });
  }
  return new TRPCError({
    code: 'INTERNAL_SERVER_ERROR',
    message: 'Something went wrong on our side. Please try again.',
    cause,
  });
}
