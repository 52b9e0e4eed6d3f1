/** YouTube's title rules (YOUTUBE.md): 1–100 characters, no < or >. */
export const MAX_TITLE_LENGTH = 100;

/** Why YouTube would refuse `title`, or null when it is acceptable. Characters are counted as code points, as YouTube does. */
export function titleProblem(title: string): string | null {
  if (title.trim() === '') return 'A title cannot be empty.';
  const length = [...title].length;
  if (length > MAX_TITLE_LENGTH)
    return `A title can have at most ${MAX_TITLE_LENGTH} characters (this one has ${length}).`;
  if (/[<>]/.test(title)) return 'A title cannot contain < or >.';
  return null;
}
