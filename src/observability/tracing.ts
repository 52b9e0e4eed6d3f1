import { context, propagation, trace } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';

// OpenTelemetry traces (docs/operations.md#traces). Off unless OTEL_TRACES_EXPORTER says `otlp`
// or `console`: then a request, the jobs it enqueues (pg-boss stores the trace context on the job)
// and the YouTube calls and database statements under them share one trace. The SDK is loaded
// only when tracing is on, so a deployment without it carries none of its memory.

export interface Tracing {
  /**
   * Exports what is buffered, then stops (the process's stop calls it last); gives up on the
   * export at `deadline` (epoch ms), so a collector that does not answer cannot hold the stop.
   */
  shutdown(deadline?: number): Promise<void>;
}

let active = false;

/** Whether this process records spans (the request hooks are installed only then). */
export function tracingActive(): boolean {
  return active;
}

/**
 * Registers a tracer provider for the whole process, exporting through `exporter`, with the W3C
 * trace-context propagator and an AsyncLocalStorage context manager. A process has one: the
 * entry points call it once, before building the app; a test installs an in-memory exporter.
 */
export async function installTracing(exporter: SpanExporter, serviceName: string): Promise<Tracing> {
  const [
    sdk,
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    { resourceFromAttributes },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
  ]);
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    // Batched for an exporter that sends over the network; one at a time for one in memory.
    spanProcessors: [
      exporter instanceof sdk.InMemorySpanExporter
        ? new sdk.SimpleSpanProcessor({ exporter })
        : new sdk.BatchSpanProcessor({ exporter }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  active = true;
  return {
    async shutdown(deadline) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        provider.shutdown().catch(() => undefined),
        ...(deadline === undefined
          ? []
          : [new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))]),
      ]);
      clearTimeout(timer);
      trace.disable();
      propagation.disable();
      context.disable();
      active = false;
    },
  };
}

/**
 * Tracing as the standard variables ask: OTEL_TRACES_EXPORTER `otlp` (to OTEL_EXPORTER_OTLP_ENDPOINT
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, over HTTP) or `console`; unset or `none`, no tracing.
 * OTEL_SERVICE_NAME names the service (default `serviceName`).
 */
export async function startTracing(
  tracing: { exporter: 'otlp' | 'console' | null; serviceName: string | null },
  serviceName: string,
): Promise<Tracing | null> {
  if (!tracing.exporter) return null;
  const exporter =
    tracing.exporter === 'otlp'
      ? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter()
      : new (await import('@opentelemetry/sdk-trace')).ConsoleSpanExporter();
  return installTracing(exporter, tracing.serviceName ?? serviceName);
}
