import { type BillingContext, createStripeClient, stripeBillingProvider } from './billing';
import { simulatedBillingProvider } from './billing/simulated';
import type { ServiceContext } from './context/service-context';
import { demoSandboxTime } from './demo';
import {
  type EngineHooks,
  gatewayDailyCollector,
  gatewayYouTube,
  type TimeControlContext,
} from './title-tests';

/**
 * The one context value of a process: the service context (src/context/service-context.ts) with
 * every feature's own fields, so it is what each feature's context asks for. The transports hand
 * it to every operation's handler and the workers to every job's; a feature states the context it
 * needs in its handlers' types, and a field a feature adds is built here, once.
 */
export type AppContext = TimeControlContext & BillingContext;

/** The process's context on its dependencies: Stripe (or the simulated one), the YouTube gateway, the demo's sandboxes. */
export function assembleAppContext(deps: ServiceContext, options: { hooks?: EngineHooks } = {}): AppContext {
  const { config } = deps;
  return {
    ...deps,
    billing: config.stripe.simulated
      ? simulatedBillingProvider(deps)
      : stripeBillingProvider(createStripeClient(config)),
    youtube: gatewayYouTube(deps),
    collectDaily: gatewayDailyCollector(deps),
    // A demo visitor's fast-forward moves their own copy only (src/demo/demo-time.ts).
    ...(config.google.simulator ? { sandboxTime: demoSandboxTime } : {}),
    ...(options.hooks ? { hooks: options.hooks } : {}),
  };
}
