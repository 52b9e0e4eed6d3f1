// The front door of the simulated Stripe (src/billing/simulated): what the entry points use of it.
// It builds on billing's own files, so billing's front door does not lead here (docs/decisions/0052).
export { registerSimulatedStripePages } from './simulated-pages';
export { simulatedBillingProvider } from './simulated-provider';
