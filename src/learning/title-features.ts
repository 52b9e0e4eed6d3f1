import type { TitleFeature } from '../shared/learning-features';
import { hasNumber, isFirstPerson, isQuestion, shoutedWords } from '../shared/title-change';

/*
 * The features of a title (docs/learning.md#title-features), each a yes or no read from the text
 * alone: what two titles of a test differ in. Pure and deterministic.
 */

/** Over this many characters a title is long (YouTube cuts titles around 60–70 in most places). */
export const LONG_TITLE_CHARACTERS = 60;

const EMOJI = /\p{Extended_Pictographic}/u;
/** You, your, yours, you're… as whole words: the title speaks to the viewer. */
const SECOND_PERSON = /(?<![\p{L}\p{N}'’])(you|your|yours|you['’](?:re|ve|ll|d))(?![\p{L}\p{N}'’])/iu;

/** Whether `title` has each feature (the traits the past-tests history names, src/shared/title-change.ts, and more). */
export function titleFeatures(title: string): Record<TitleFeature, boolean> {
  const text = title.trim();
  return {
    number: hasNumber(text),
    brackets: /[()[\]{}]/u.test(text),
    question: isQuestion(text),
    viewer: isFirstPerson(text) || SECOND_PERSON.test(text),
    allCaps: shoutedWords(text) > 0,
    emoji: EMOJI.test(text),
    split: /\s[-–—|]\s|:\s/u.test(text),
    long: [...text].length > LONG_TITLE_CHARACTERS,
  };
}
