import { VARIANT_WORDS, type TestKind } from '#shared/test-kinds';

/**
 * The expanded card's headings in the words of the test's kind ("Thumbnail Rotation History");
 * a title test's stay as they always read ("Title Rotation History").
 */
export const cardHeadings = (kind: TestKind = 'titles') => ({
  comparison: `${VARIANT_WORDS[kind].name} Performance Comparison`,
  history: `${VARIANT_WORDS[kind].name} Rotation History`,
  noRotations: `No ${VARIANT_WORDS[kind].one} rotations yet`,
  current: `Current ${VARIANT_WORDS[kind].name}`,
});
