import { and, eq, isNotNull } from 'drizzle-orm';
import { titleTests } from '../../../db/schema';
import type { DbOrTx } from '../../db/database';

/**
 * Removes a test an admin asked to delete (variants and rotations go with it). Only called once
 * the test's final title is on YouTube, so deleting never strands a test title on a video.
 */
export async function removeTestMarkedForDeletion(db: DbOrTx, testId: string): Promise<boolean> {
  const removed = await db
    .delete(titleTests)
    .where(
      and(
        eq(titleTests.id, testId),
        isNotNull(titleTests.deletionRequestedAt),
        isNotNull(titleTests.appliedTitle),
      ),
    )
    .returning({ id: titleTests.id });
  return removed.length > 0;
}
