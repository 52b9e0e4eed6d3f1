import sharp from 'sharp';
import { expect } from 'vitest';
import { imageFilePath } from '../../../src/shared/image-rules';
import type { Access } from './callers';
import { as, call, get, json, trpcMutation, trpcQuery, type Call, type Row } from './world';

// The access matrix's part for images (/api/images, trpc images.*).

/** A small valid thumbnail (1280 × 720 PNG), made once. */
let thumbnail: Promise<Buffer> | null = null;
const thumbnailPng = () =>
  (thumbnail ??= sharp({ create: { width: 1280, height: 720, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer());
const uploadImage = async (): Promise<Call> => ({
  method: 'POST',
  path: '/api/images',
  bytes: { contentType: 'image/png', body: await thumbnailPng() },
});
/** An image of the owner's workspace, by id. */
const ownerImage = async () => {
  const response = await call(await uploadImage(), as('owner'));
  expect(response.status).toBe(201);
  return (await json<{ id: string }>(response)).id;
};

export const imagesAccess: Record<string, Access> = {
  // Images: uploaded into the workspace (an editor's go to the owner), read by the workspace, and
  // their bytes served to anyone holding the unguessable id (docs/decisions/0035).
  'POST /api/images': 'team-write',
  'GET /api/images/{id}': 'owner-team-read',
  'GET /api/images/{id}/file': 'public',
  'trpc images.upload': 'team-write',
  'trpc images.get': 'owner-team-read',
};

export const imagesRows: Record<string, Row> = {
  'POST /api/images': { request: uploadImage },
  'GET /api/images/{id}': { resource: ownerImage, request: (id) => get(`/api/images/${id}`) },
  'GET /api/images/{id}/file': { resource: ownerImage, request: (id) => get(imageFilePath(id)) },
  'trpc images.upload': {
    request: async () =>
      trpcMutation('images.upload', { contentBase64: (await thumbnailPng()).toString('base64') }),
  },
  'trpc images.get': { resource: ownerImage, request: (id) => trpcQuery('images.get', { id }) },
};
