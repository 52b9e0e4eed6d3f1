import { sql } from 'drizzle-orm';
import { quotaCosts } from '../../src/youtube/quota-ledger';

// A test's switches at their physical floor, shared by the per-kind check (kind-figures.ts) and the
// cohort's cost of a verdict (cohort-figures.ts).

/**
 * The `slots` CTE body: each applied slot of every test, whether it changed the title and the
 * thumbnail from the slot before it (the first slot: from the original).
 */
export const appliedSlotChanges = sql`
  select r.test_id, r.activated_at,
    coalesce(lag(v.title) over w, t.original_title) <> v.title as title_changes,
    coalesce(lag(v.thumbnail_image_id) over w, t.original_thumbnail_image_id)
      is distinct from v.thumbnail_image_id as image_changes
  from rotations r join title_variants v on v.id = r.variant_id join title_tests t on t.id = r.test_id
  where r.status = 'applied'
  window w as (partition by r.test_id order by r.slot)`;

/** One test's slots and what YouTube saw change on its video. */
export interface TestSwitches {
  applied: number;
  slotTitleChanges: number;
  slotImageChanges: number;
  titleChanges: number;
  imageChanges: number;
}

/**
 * Ends and restores that changed what is live: a change YouTube saw that no slot explains was an
 * ending's (the original back, the winner live); one that changes title and image reads once.
 */
export const endingsOf = (test: TestSwitches): number =>
  Math.max(0, test.titleChanges - test.slotTitleChanges, test.imageChanges - test.slotImageChanges);

/** One read per applied slot and per ending, 50 units per title change and per image change. */
export const floorUnitsOf = (test: TestSwitches): number =>
  (test.applied + endingsOf(test)) * quotaCosts['videos.list'] +
  test.titleChanges * quotaCosts['videos.update'] +
  test.imageChanges * quotaCosts['thumbnails.set'];
