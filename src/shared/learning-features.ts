// What a test's variants can differ in, as "What works here" names it (docs/learning.md). Pure:
// the server computes the features, the web app shows their words.

export const TITLE_FEATURES = [
  'number',
  'brackets',
  'question',
  'viewer',
  'allCaps',
  'emoji',
  'split',
  'long',
] as const;
export const THUMBNAIL_FEATURES = ['brighter', 'contrast', 'colourful', 'textLike'] as const;
export type TitleFeature = (typeof TITLE_FEATURES)[number];
export type ThumbnailFeature = (typeof THUMBNAIL_FEATURES)[number];
export type LearningFeature = TitleFeature | ThumbnailFeature;

/** Each feature in a creator's words: what the variant with it has that the other lacks. */
export const FEATURE_WORDS: Record<LearningFeature, string> = {
  number: 'A number in the title',
  brackets: 'Brackets or parentheses in the title',
  question: 'The title asks a question',
  viewer: 'The title speaks to the viewer or as "I" (you, your, I, my)',
  allCaps: 'A word in capitals in the title',
  emoji: 'An emoji in the title',
  split: 'A title split by a colon or a dash',
  long: 'A long title (over 60 characters)',
  brighter: 'A brighter thumbnail',
  contrast: 'A thumbnail with more contrast',
  colourful: 'A more colourful thumbnail',
  textLike: 'More text-like detail in the thumbnail',
};

/**
 * How "What works here" reads a pooled effect: its interval above zero, below, across; tangled with
 * a feature it always changed with; or too few tests.
 */
export const FEATURE_VERDICTS = ['helps', 'hurts', 'unclear', 'tangled', 'too-few'] as const;
export type FeatureVerdict = (typeof FEATURE_VERDICTS)[number];

export const FEATURE_VERDICT_WORDS: Record<FeatureVerdict, string> = {
  helps: 'Helps here',
  hurts: 'Hurts here',
  unclear: 'No clear effect yet',
  tangled: 'Always changed with another',
  'too-few': 'Not enough tests yet',
};
