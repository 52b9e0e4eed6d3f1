import { VARIANT_NOUN, type TestKind } from '#shared/test-kinds';

/** "Thumbnail 3", "Package 2", "Title 4": variant `index` (from 0) in the words of the test's kind. */
export const variantName = (kind: TestKind, index: number): string => `${VARIANT_NOUN[kind]} ${index + 1}`;

/** Variant 1 in a sentence: "the original title", "the original thumbnail", "the original package". */
export const originalName = (kind: TestKind): string => `the original ${VARIANT_NOUN[kind].toLowerCase()}`;
