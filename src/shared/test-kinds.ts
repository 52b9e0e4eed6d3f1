// What a test rotates: titles, thumbnails, or title + thumbnail pairs ("packages"). Pure (no
// imports from Node), so web/ imports it at runtime. docs/product.md#test-kinds.

export const TEST_KINDS = ['titles', 'thumbnails', 'packages'] as const;
export type TestKind = (typeof TEST_KINDS)[number];
export const DEFAULT_TEST_KIND: TestKind = 'titles';

export const TEST_KIND_LABELS: Record<TestKind, string> = {
  titles: 'Titles',
  thumbnails: 'Thumbnails',
  packages: 'Title + thumbnail',
};

/** The create dialog's title for each kind. */
export const CREATE_DIALOG_TITLES: Record<TestKind, string> = {
  titles: 'Create Title Test',
  thumbnails: 'Create Thumbnail Test',
  packages: 'Create Title + Thumbnail Test',
};

/** How a verdict and the screens speak of a kind's variants ("Thumbnail 2 wins: …"). */
export interface VariantWords {
  /** One variant by number: "Title" 2. */
  name: string;
  one: string;
  many: string;
  /** What stays when no challenger wins. */
  original: string;
  /** Whether `original` names two things (a package's title and thumbnail): its verbs are plural. */
  plural: boolean;
}

export const VARIANT_WORDS: Record<TestKind, VariantWords> = {
  titles: { name: 'Title', one: 'title', many: 'titles', original: 'the original title', plural: false },
  thumbnails: {
    name: 'Thumbnail',
    one: 'thumbnail',
    many: 'thumbnails',
    original: 'the original thumbnail',
    plural: false,
  },
  packages: {
    name: 'Package',
    one: 'package',
    many: 'packages',
    original: 'the original title and thumbnail',
    plural: true,
  },
};

/** The original with its verb in the right number: ("stays", "stay") → "the original thumbnail stays". */
export const theOriginal = (words: VariantWords, one: string, many: string): string =>
  `${words.original} ${words.plural ? many : one}`;

export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** What one variant is called in the creator's words ("Thumbnail 2", "Package 3"). */
export const VARIANT_NOUN: Record<TestKind, string> = {
  titles: VARIANT_WORDS.titles.name,
  thumbnails: VARIANT_WORDS.thumbnails.name,
  packages: VARIANT_WORDS.packages.name,
};

/** Whether the kind changes the video's thumbnail (and so needs the channel's custom-thumbnail right). */
export const rotatesThumbnails = (kind: TestKind): boolean => kind !== 'titles';
/** Whether the kind changes the video's title. */
export const rotatesTitles = (kind: TestKind): boolean => kind !== 'thumbnails';

/**
 * Variant 1 is always what is live now (the video's title and thumbnail), so the original comes
 * back at the end or on Cancel: a thumbnail or package test takes 1–4 new images.
 */
export const MIN_NEW_THUMBNAILS = 1;
export const MAX_NEW_THUMBNAILS = 4;

export const TEST_KIND_MESSAGES = {
  thumbnailCount: `Add ${MIN_NEW_THUMBNAILS}–${MAX_NEW_THUMBNAILS} new thumbnails: Thumbnail 1 is the video’s current one.`,
  packageCount:
    'Give each new title a thumbnail: Package 1 is the video’s current title and thumbnail, every other package needs both.',
  noThumbnailsForTitles: 'A title test takes no thumbnails. Choose a thumbnail or title + thumbnail test.',
  thumbnailRepeated: 'The same image is used twice. Each thumbnail must be a different image.',
  thumbnailIsOriginal:
    'One of the images is the video’s current thumbnail, which the test already shows as variant 1. Choose a different image.',
  customThumbnailsForbidden:
    'This channel may not set custom thumbnails: YouTube allows them only on verified channels in good standing. Verify the channel at youtube.com/verify, or run a title test.',
  originalUnavailable:
    'The video’s current thumbnail could not be fetched from YouTube, so it could not be put back at the end. Nothing was started; try again in a few minutes.',
} as const;
