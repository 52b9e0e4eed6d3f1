import type { TestKind } from '#shared/test-kinds';

/**
 * What the verdict's and figures' lists need to name and show a test's variants beyond their
 * titles: the kind (for "Thumbnail 2") and each variant's thumbnail (null for a title test's).
 * Optional where passed: a title test's lists look as they always did.
 */
export interface VariantLook {
  kind?: TestKind;
  thumbnails?: (string | null)[];
}
