// The front door of a channel's recent videos (src/videos): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export { videoOperations } from './videos.operations';
