// Which kind of change a winning title made to Title 1 (the baseline its lift is measured
// against), for the past-tests history. A small, literal classification: it names what differs
// on the surface, not why the title won. Pure, so the web app imports the labels too.

export const TITLE_CHANGES = [
  'shorter',
  'longer',
  'number-added',
  'number-removed',
  'question',
  'first-person',
  'capitalisation',
  'reworded',
] as const;
export type TitleChange = (typeof TITLE_CHANGES)[number];

export const TITLE_CHANGE_LABELS: Record<TitleChange, string> = {
  shorter: 'Shorter',
  longer: 'Longer',
  'number-added': 'Number added',
  'number-removed': 'Number removed',
  question: 'Made a question',
  'first-person': 'First person',
  capitalisation: 'Capitalisation',
  reworded: 'Reworded',
};

/** A length change counts when it is at least this share of the baseline's length… */
export const LENGTH_CHANGE_SHARE = 0.15;
/** …and at least this many characters (short titles move a few characters without meaning to). */
export const LENGTH_CHANGE_MIN_CHARS = 5;

/** A digit anywhere in the title. */
export const hasNumber = (title: string) => /\p{Nd}/u.test(title);
/** The title ends in a question mark. */
export const isQuestion = (title: string) => /[?？]\s*$/u.test(title);
const FIRST_PERSON =
  /(?<![\p{L}\p{N}'’])(i|i['’](?:m|ve|ll|d)|me|my|mine|we|we['’](?:re|ve|ll)|us|our|ours)(?![\p{L}\p{N}'’])/iu;
/** I, me, my, we, us, our… as whole words. */
export const isFirstPerson = (title: string) => FIRST_PERSON.test(title);
/** Words of two or more letters written all in capitals ("NEVER", "DIY"). */
export const shoutedWords = (title: string) =>
  title
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= 2 && word === word.toUpperCase() && word !== word.toLowerCase()).length;

/**
 * What the winning title changed compared with the baseline, in a fixed order; `reworded` when
 * none of the named kinds applies. A title that differs from the baseline only in letter case is
 * `capitalisation` alone.
 */
export function classifyTitleChange(baseline: string, winner: string): TitleChange[] {
  const before = baseline.trim();
  const after = winner.trim();
  if (before !== after && before.toLowerCase() === after.toLowerCase()) return ['capitalisation'];
  const changes: TitleChange[] = [];
  const difference = [...after].length - [...before].length;
  const threshold = Math.max(LENGTH_CHANGE_MIN_CHARS, [...before].length * LENGTH_CHANGE_SHARE);
  if (difference <= -threshold) changes.push('shorter');
  if (difference >= threshold) changes.push('longer');
  if (hasNumber(after) && !hasNumber(before)) changes.push('number-added');
  if (!hasNumber(after) && hasNumber(before)) changes.push('number-removed');
  if (isQuestion(after) && !isQuestion(before)) changes.push('question');
  if (isFirstPerson(after) && !isFirstPerson(before)) changes.push('first-person');
  if (shoutedWords(after) > shoutedWords(before)) changes.push('capitalisation');
  return changes.length > 0 ? changes : ['reworded'];
}
