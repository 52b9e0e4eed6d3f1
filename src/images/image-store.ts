import { eq } from 'drizzle-orm';
import { imageBlobs } from '../../db/schema';
import type { DbOrTx } from '../db/database';

/**
 * Where an image's bytes live, by image id: the `images` row says what they are, the store holds
 * them. Each call takes the database or a transaction, so a put joins the transaction that writes
 * the row (both or neither). Today the bytes stay in the database (PostgreSQL or the embedded
 * one, through the same drizzle client); an object store would be another implementation of this
 * port, picked in `imageStore` below.
 */
export interface ImageStore {
  put(db: DbOrTx, imageId: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when the store holds none for the id. */
  get(db: DbOrTx, imageId: string): Promise<Buffer | null>;
  delete(db: DbOrTx, imageId: string): Promise<void>;
}

/** A driver may hand bytea back as a plain Uint8Array (the embedded database does): one Buffer type out. */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The bytes in the `image_blobs` table, beside their row. */
const databaseImageStore: ImageStore = {
  async put(db, imageId, bytes) {
    await db.insert(imageBlobs).values({ imageId, bytes });
  },
  async get(db, imageId) {
    const [row] = await db
      .select({ bytes: imageBlobs.bytes })
      .from(imageBlobs)
      .where(eq(imageBlobs.imageId, imageId));
    return row ? asBuffer(row.bytes) : null;
  },
  async delete(db, imageId) {
    await db.delete(imageBlobs).where(eq(imageBlobs.imageId, imageId));
  },
};

/** The one place the store is picked. */
export const imageStore: ImageStore = databaseImageStore;
