// The simulated channels' uploads: realistic metadata plus the ground truth that drives their
// traffic. Ages are days before the moment the simulator first seeds its database.

export interface CatalogVideo {
  title: string;
  /** Earlier titles with how many days after publication each was replaced (oldest first). */
  previousTitles?: Array<{ title: string; replacedAfterDays: number }>;
  description: string;
  tags: string[] | null;
  categoryId: string;
  defaultLanguage: string | null;
  defaultAudioLanguage: string | null;
  durationSec: number;
  /** The frame's shape; 1920 × 1080 unless given (a Short is vertical). */
  frameWidth?: number;
  frameHeight?: number;
  /** processingDetails.processingStatus; 'succeeded' unless given. */
  processingStatus?: 'processing' | 'succeeded';
  ageDays: number;
  thumbnailLabel: string;
  thumbnailHue: number;
  baseImpressionsPerHour: number;
  decayHalfLifeDays: number;
  dailyAmplitude: number;
  noise: number;
  externalViewsPerHour: number;
  likeRate: number;
  commentRate: number;
}

const HOWTO = '26';
const EDUCATION = '27';
const SCIENCE = '28';

type Traffic = Pick<
  CatalogVideo,
  'baseImpressionsPerHour' | 'decayHalfLifeDays' | 'dailyAmplitude' | 'noise' | 'externalViewsPerHour'
>;
const steady: Traffic = {
  baseImpressionsPerHour: 1800,
  decayHalfLifeDays: 9,
  dailyAmplitude: 0.45,
  noise: 0.25,
  externalViewsPerHour: 25,
};
const hit: Traffic = {
  baseImpressionsPerHour: 5200,
  decayHalfLifeDays: 6,
  dailyAmplitude: 0.5,
  noise: 0.3,
  externalViewsPerHour: 70,
};
const evergreen: Traffic = {
  baseImpressionsPerHour: 1100,
  decayHalfLifeDays: 30,
  dailyAmplitude: 0.35,
  noise: 0.2,
  externalViewsPerHour: 18,
};

/**
 * A Short's traffic: most views come from the Shorts feed, where viewers swipe from one Short to
 * the next and never see a title or a thumbnail (title-independent, like external views), and the
 * rest from search, the channel's Shorts shelf and suggestions, where impressions are clicked at
 * the title's and thumbnail's CTR. About 54 clicked views an hour against 200 from the feed.
 */
const shortsFeed: Traffic = {
  baseImpressionsPerHour: 900,
  decayHalfLifeDays: 12,
  dailyAmplitude: 0.4,
  noise: 0.3,
  externalViewsPerHour: 200,
};
/** A Short's frame: 1080 × 1920, vertical. */
const vertical = { frameWidth: 1080, frameHeight: 1920 } as const;

const kitchenFooter = `

🔔 New recipes every Tuesday and Friday — subscribe so you don't miss one.
📖 Printable recipe: https://example.com/demo-kitchen/recipes
🛒 Gear I use (affiliate): https://example.com/demo-kitchen/gear

#cooking #recipe #homecooking`;

/** The demo channel "Titlewise Demo Kitchen": a few weeks of uploads, one retitled already. */
const demoKitchen: CatalogVideo[] = [
  {
    title: 'Crispy Smashed Potatoes Every Time (3 Tricks Restaurants Use)',
    description: `Golden, shatter-crisp smashed potatoes with a fluffy middle. The three tricks: salted water, a full dry-off, and a screaming-hot tray.

00:00 Why most smashed potatoes go soggy
01:42 Boil in salted water
04:10 The dry-off nobody does
06:35 Smash, oil, roast
09:50 Garlic-herb butter finish${kitchenFooter}`,
    tags: ['smashed potatoes', 'crispy potatoes', 'side dish', 'easy recipe', 'oven roasted'],
    categoryId: HOWTO,
    defaultLanguage: 'en',
    defaultAudioLanguage: 'en',
    durationSec: 11 * 60 + 24,
    ageDays: 2.6,
    thumbnailLabel: 'CRISPY EVERY TIME',
    thumbnailHue: 38,
    ...hit,
    likeRate: 0.041,
    commentRate: 0.0035,
  },
  {
    title: 'One-Pan Lemon Garlic Chicken Thighs | 30-Minute Dinner',
    description: `Weeknight dinner in one pan: crispy-skinned thighs, lemon, garlic, and a pan sauce you'll want to drink.

Ingredients (serves 4)
• 8 bone-in chicken thighs
• 1 lemon, sliced
• 6 cloves garlic
• 1 cup chicken stock${kitchenFooter}`,
    tags: ['chicken thighs', 'one pan dinner', '30 minute meals', 'lemon garlic chicken'],
    categoryId: HOWTO,
    defaultLanguage: 'en',
    defaultAudioLanguage: 'en-US',
    durationSec: 14 * 60 + 5,
    ageDays: 6.3,
    thumbnailLabel: 'ONE PAN · 30 MIN',
    thumbnailHue: 52,
    ...steady,
    likeRate: 0.038,
    commentRate: 0.003,
  },
  {
    title: 'I Tried Every Way to Cook Rice — This One Won',
    previousTitles: [{ title: 'Testing 7 Rice Cooking Methods', replacedAfterDays: 3 }],
    description: `Pot, pilaf, pasta method, oven, microwave, rice cooker, Instant Pot: seven ways, one winner, and a chart of every result.

Full results table: https://example.com/demo-kitchen/rice-test${kitchenFooter}`,
    tags: ['how to cook rice', 'perfect rice', 'rice cooker', 'kitchen experiment'],
    categoryId: HOWTO,
    defaultLanguage: 'en',
    defaultAudioLanguage: 'en',
    durationSec: 18 * 60 + 47,
    ageDays: 12.2,
    thumbnailLabel: '7 WAYS · 1 WINNER',
    thumbnailHue: 200,
    ...hit,
    likeRate: 0.045,
    commentRate: 0.006,
  },
  {
    title: 'Homemade Ramen Broth in 45 Minutes (No Pressure Cooker)',
    description: `A rich, cloudy shoyu-style broth on a weeknight. No 12-hour simmer, no pressure cooker.

⚠️ Use a heavy pot: a thin one will scorch the aromatics.${kitchenFooter}`,
    tags: ['ramen', 'ramen broth', 'japanese food', 'noodle soup', 'weeknight ramen'],
    categoryId: HOWTO,
    defaultLanguage: 'en',
    defaultAudioLanguage: 'en',
    durationSec: 16 * 60 + 12,
    ageDays: 17.5,
    thumbnailLabel: '45-MIN RAMEN',
    thumbnailHue: 14,
    ...steady,
    likeRate: 0.043,
    commentRate: 0.004,
  },
  {
    title: 'The Only Sourdough Discard Recipe You Need',
    description: `Crackers, pancakes, flatbread: one base dough, three uses, zero waste.${kitchenFooter}`,
    tags: null,
    categoryId: HOWTO,
    defaultLanguage: null,
    defaultAudioLanguage: 'en',
    durationSec: 9 * 60 + 31,
    ageDays: 23.8,
    thumbnailLabel: 'ZERO WASTE',
    thumbnailHue: 90,
    ...evergreen,
    likeRate: 0.05,
    commentRate: 0.005,
  },
  {
    title: '5 Knife Skills Every Home Cook Should Know',
    description: `Claw grip, rocking chop, julienne, brunoise, and how to keep your knife sharp between sharpenings.

Knife used: 8" chef's knife (any decent one works).${kitchenFooter}`,
    tags: ['knife skills', 'how to chop', 'cooking basics', 'beginner cooking', 'kitchen tips'],
    categoryId: EDUCATION,
    defaultLanguage: 'en',
    defaultAudioLanguage: 'en',
    durationSec: 12 * 60 + 58,
    ageDays: 31.1,
    thumbnailLabel: '5 KNIFE SKILLS',
    thumbnailHue: 0,
    ...evergreen,
    likeRate: 0.052,
    commentRate: 0.0028,
  },
  {
    title: 'Meal Prep for the Week in 90 Minutes: 5 Lunches Under $30',
    description: `Five lunches, one grocery run, one afternoon. Shopping list and reheating tips below.

Shopping list: https://example.com/demo-kitchen/meal-prep-list${kitchenFooter}`,
    tags: ['meal prep', 'budget meals', 'healthy lunch', 'cheap meals'],
    categoryId: HOWTO,
    defaultLanguage: 'en',
    defaultAudioLanguage: 'en',
    durationSec: 21 * 60 + 3,
    ageDays: 38.4,
    thumbnailLabel: '5 LUNCHES · $30',
    thumbnailHue: 140,
    ...steady,
    likeRate: 0.036,
    commentRate: 0.0042,
  },
  {
    title: 'Why Your Pasta Sauce Is Watery (and the 2-Minute Fix)',
    description: `Starchy pasta water, a hot pan, and timing: the emulsion that turns thin sauce glossy.${kitchenFooter}`,
    tags: ['pasta sauce', 'pasta water', 'italian cooking', 'cooking tips'],
    categoryId: HOWTO,
    defaultLanguage: 'en',
    defaultAudioLanguage: 'en',
    durationSec: 7 * 60 + 44,
    ageDays: 44.9,
    thumbnailLabel: 'THE 2-MIN FIX',
    thumbnailHue: 350,
    ...hit,
    likeRate: 0.047,
    commentRate: 0.0051,
  },
  {
    title: 'The 10-Second Trick for Peeling Garlic #shorts',
    description: `Two bowls, ten seconds of shaking, a whole head of garlic peeled.${kitchenFooter}`,
    tags: ['garlic', 'kitchen hack', 'shorts'],
    categoryId: HOWTO,
    defaultLanguage: 'en',
    defaultAudioLanguage: 'en',
    durationSec: 42,
    ...vertical,
    ageDays: 47.2,
    thumbnailLabel: '10 SECONDS',
    thumbnailHue: 55,
    ...shortsFeed,
    likeRate: 0.061,
    commentRate: 0.0032,
  },
];

function simple(
  title: string,
  label: string,
  hue: number,
  ageDays: number,
  categoryId: string,
  durationSec: number,
  tags: string[],
  traffic: Traffic,
): CatalogVideo {
  return {
    title,
    description: `${title}.\n\nThanks for watching — questions go in the comments.`,
    tags,
    categoryId,
    defaultLanguage: 'en',
    defaultAudioLanguage: 'en',
    durationSec,
    ageDays,
    thumbnailLabel: label,
    thumbnailHue: hue,
    ...traffic,
    likeRate: 0.04,
    commentRate: 0.004,
  };
}

/** Uploads per simulated account id (see accounts.ts). */
export const videoCatalog: Record<string, CatalogVideo[]> = {
  'sim-demo': demoKitchen,
  'sim-alex': [
    simple(
      'Building a Workbench With Only Hand Tools',
      'HAND TOOLS ONLY',
      28,
      3.4,
      HOWTO,
      24 * 60 + 10,
      ['woodworking', 'workbench', 'hand tools'],
      hit,
    ),
    simple(
      'Floating Shelves That Actually Hold Weight',
      'HOLDS 80 LB',
      200,
      10.7,
      HOWTO,
      13 * 60 + 37,
      ['floating shelves', 'diy', 'home improvement'],
      steady,
    ),
    simple(
      'Beginner Woodworking Mistakes I Made So You Don’t Have To',
      '10 MISTAKES',
      5,
      22.1,
      HOWTO,
      17 * 60 + 2,
      ['beginner woodworking', 'woodworking tips'],
      evergreen,
    ),
    simple(
      'Restoring a $5 Flea Market Hand Plane',
      '$5 PLANE',
      45,
      35.6,
      HOWTO,
      19 * 60 + 48,
      ['tool restoration', 'hand plane'],
      steady,
    ),
  ],
  'sim-sam': [
    simple(
      '10-Minute Garlic Noodles',
      '10 MIN',
      48,
      1.9,
      HOWTO,
      6 * 60 + 12,
      ['garlic noodles', 'quick dinner'],
      hit,
    ),
    simple(
      '3 Breakfasts You Can Make Half Asleep',
      'HALF ASLEEP',
      30,
      8.2,
      HOWTO,
      8 * 60 + 55,
      ['easy breakfast', 'quick recipes'],
      steady,
    ),
    simple(
      'Fried Rice Better Than Takeout',
      'BEATS TAKEOUT',
      12,
      19.9,
      HOWTO,
      9 * 60 + 40,
      ['fried rice', 'takeout at home'],
      evergreen,
    ),
    {
      ...simple(
        'Crispy Rice in 60 Seconds',
        'CRISPY RICE',
        20,
        24.6,
        HOWTO,
        58,
        ['crispy rice', 'shorts'],
        shortsFeed,
      ),
      ...vertical,
    },
  ],
  'sim-priya': [
    simple(
      'What Would Happen If You Fell Into Jupiter?',
      'INTO JUPITER',
      265,
      4.8,
      SCIENCE,
      15 * 60 + 21,
      ['jupiter', 'space', 'astronomy'],
      hit,
    ),
    simple(
      'How Do We Know the Age of the Universe?',
      '13.8 BILLION',
      230,
      14.3,
      EDUCATION,
      18 * 60 + 9,
      ['cosmology', 'big bang', 'science explained'],
      steady,
    ),
    simple(
      'The James Webb Telescope’s Strangest Image Yet',
      'WEBB’S STRANGEST',
      290,
      27.4,
      SCIENCE,
      12 * 60 + 44,
      ['jwst', 'james webb', 'space telescope'],
      steady,
    ),
    simple(
      'Why Is Space Cold If the Sun Is Hot?',
      'COLD SPACE?',
      210,
      40.2,
      EDUCATION,
      10 * 60 + 3,
      ['space', 'physics', 'thermodynamics'],
      evergreen,
    ),
  ],
  'sim-noor': [
    simple(
      'I Used the Cheapest Mechanical Keyboard for a Month',
      'ONE MONTH',
      20,
      2.6,
      SCIENCE,
      13 * 60 + 2,
      ['mechanical keyboard', 'budget keyboard', 'review'],
      hit,
    ),
    simple(
      'Noise-Cancelling Earbuds Under $100, Ranked',
      'UNDER $100',
      200,
      9.3,
      SCIENCE,
      16 * 60 + 40,
      ['earbuds', 'anc', 'budget audio'],
      steady,
    ),
    simple(
      'The Desk Lamp That Fixed My Eye Strain',
      'EYE STRAIN',
      45,
      16.1,
      SCIENCE,
      9 * 60 + 18,
      ['desk setup', 'monitor light', 'review'],
      steady,
    ),
    simple(
      'Is a Tablet Enough for College?',
      'TABLET?',
      230,
      24.5,
      EDUCATION,
      14 * 60 + 5,
      ['tablet', 'college', 'study setup'],
      steady,
    ),
    simple(
      'Portable Monitors Tested on a Train',
      'ON A TRAIN',
      170,
      33.0,
      SCIENCE,
      11 * 60 + 51,
      ['portable monitor', 'travel tech'],
      evergreen,
    ),
    simple(
      'My Everyday Carry, Rebuilt From Scratch',
      'EDC',
      110,
      47.2,
      HOWTO,
      10 * 60 + 27,
      ['edc', 'everyday carry', 'gear'],
      evergreen,
    ),
    simple(
      'Webcams vs Phone Cameras for Video Calls',
      'WEBCAM VS PHONE',
      300,
      61.7,
      SCIENCE,
      12 * 60 + 36,
      ['webcam', 'video calls'],
      evergreen,
    ),
    simple(
      'Silent Mice Worth Buying This Year',
      'SILENT',
      260,
      75.4,
      SCIENCE,
      8 * 60 + 59,
      ['mouse', 'silent mouse', 'office'],
      evergreen,
    ),
  ],
  'sim-leo': [
    simple(
      'Painting Metallics Without Metallic Paint',
      'NMM',
      40,
      3.9,
      HOWTO,
      22 * 60 + 14,
      ['miniatures', 'nmm', 'painting'],
      steady,
    ),
    simple(
      'Speed-Painting a Whole Squad in One Evening',
      'ONE EVENING',
      120,
      12.8,
      HOWTO,
      19 * 60 + 8,
      ['miniatures', 'speed painting'],
      steady,
    ),
    simple(
      'Why Your Washes Pool (and How to Stop It)',
      'NO POOLING',
      280,
      26.6,
      HOWTO,
      11 * 60 + 47,
      ['washes', 'miniature painting'],
      evergreen,
    ),
    simple(
      'Basing Tricks From Kitchen Leftovers',
      'BASING',
      90,
      41.3,
      HOWTO,
      13 * 60 + 30,
      ['basing', 'terrain', 'miniatures'],
      evergreen,
    ),
  ],
};
