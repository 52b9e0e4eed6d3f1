// The front door of what works on a channel, across its finished tests (src/learning): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export { learningOperations } from './learning.operations';
