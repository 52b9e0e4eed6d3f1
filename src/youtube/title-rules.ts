import { hasForbiddenTitleCharacters, MAX_TITLE_LENGTH } from '../shared/title-test-rules';

/** Why YouTube would refuse `title`, or null when it is acceptable. Characters are counted as code points, as YouTube does. */
export function titleProblem(title: string): string | null {
  if (title.trim() === '') return 'A title cannot be empty.';
  const length = [...title].length;
  if (length > MAX_TITLE_LENGTH)
    return `A title can have at most ${MAX_TITLE_LENGTH} characters (this one has ${length}).`;
  if (hasForbiddenTitleCharacters(title)) return 'A title cannot contain < or >.';
  return null;
}
