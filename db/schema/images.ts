import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { THUMBNAIL_TYPES } from '../../src/shared/image-rules';
import { bytea } from './column-types';
import { users } from './users';

/**
 * Images a test may put on YouTube as a thumbnail: a creator's uploads (checked and, if asked,
 * fitted as YouTube requires) and each thumbnail/package test's original, fetched from YouTube
 * before the first switch so it can be put back byte for byte. The bytes live behind the image
 * store (src/images/image-store.ts); this row is what is known about them.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['upload', 'youtube-original'] }).notNull(),
    contentType: text('content_type', { enum: THUMBNAIL_TYPES }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    /**
     * An upload's SHA-256 as it was sent, before it was re-encoded: the video's own thumbnail
     * uploaded as a variant is recognised by it (src/title-tests/test-thumbnails.ts). Only the
     * hash is kept, never those bytes. Null for originals and for uploads before it was kept.
     */
    receivedSha256: text('received_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('images_owner_idx').on(table.ownerUserId, table.createdAt)],
);

/** The PostgreSQL image store's bytes (an object store could hold them instead). */
export const imageBlobs = pgTable('image_blobs', {
  imageId: uuid('image_id')
    .primaryKey()
    .references(() => images.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});
