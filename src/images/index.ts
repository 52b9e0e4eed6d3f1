// The front door of uploaded thumbnails (src/images): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export { inspectImage, type InspectedImage } from './image-check';
export { purgeUnusedUploads } from './image-storage';
export { imageOperations } from './images.operations';
export { imageBytes, ownImages, storeImage } from './images.service';
export { reencodeLegacyUploads } from './legacy-uploads';
