import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

// Spans any feature may open (docs/operations.md#traces). Without a registered tracer provider
// (tracing off, the default) they cost a no-op call.

/** The tracer every Titlewise span comes from. */
export const TRACER_NAME = 'titlewise';

/**
 * Runs `work` in a CLIENT span named `name` (a YouTube call), marking it failed when `work`
 * throws.
 */
export async function inClientSpan<T>(
  name: string,
  attributes: Record<string, string>,
  work: () => Promise<T>,
): Promise<T> {
  return trace
    .getTracer(TRACER_NAME)
    .startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        return await work();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
        throw error;
      } finally {
        span.end();
      }
    });
}
