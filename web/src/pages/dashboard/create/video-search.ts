/**
 * Searching the video picker by title, in the browser, over the uploads already loaded
 * (docs/decisions/0028): every word typed must appear in the title, in any order, ignoring case,
 * accents and punctuation ("creme brulee" finds "Crème Brûlée — 3 Ways").
 */

/** Lower case, accents dropped, anything but letters and digits turned into single spaces. */
export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a search, normalised; none for a blank search. */
export function searchWords(query: string): string[] {
  const normalised = normaliseForSearch(query);
  return normalised === '' ? [] : normalised.split(' ');
}

/** Whether a title has every word of the search (a blank search matches every title). */
export function titleMatches(title: string, query: string): boolean {
  const words = searchWords(query);
  if (words.length === 0) return true;
  const haystack = normaliseForSearch(title);
  return words.every((word) => haystack.includes(word));
}

/** The videos whose title matches the search, in their order. */
export function filterByTitle<T extends { title: string }>(videos: readonly T[], query: string): T[] {
  const words = searchWords(query);
  if (words.length === 0) return [...videos];
  return videos.filter((video) => {
    const haystack = normaliseForSearch(video.title);
    return words.every((word) => haystack.includes(word));
  });
}
