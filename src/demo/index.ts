// The front door of the demo sign-in and its sandboxes (src/demo): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export { countLiveDemoCopies } from './demo-copies';
export { rehearseTemplate } from './demo-templates';
export { demoSandboxTime } from './demo-time';
export { demoCleanupJob, demoPrepareJob } from './demo.jobs';
export { demoOperations } from './demo.operations';
export { simulatorControl } from './simulator-control';
