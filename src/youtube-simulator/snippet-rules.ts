import { z } from 'zod';
import type { StoredSnippet } from './video-store';

// YouTube's rules for videos.update with part=snippet: the snippet sent REPLACES the stored one,
// so every mutable field left out is removed. Title and category are required.

/** Video categories a US channel can assign. */
const assignableCategories = new Set([
  '1',
  '2',
  '10',
  '15',
  '17',
  '19',
  '20',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
]);
const languageTag = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;

const incomingSnippet = z
  .object({
    title: z.string().optional(),
    description: z.string().optional(),
    tags: z.array(z.string()).optional(),
    categoryId: z.string().optional(),
    defaultLanguage: z.string().optional(),
    defaultAudioLanguage: z.string().optional(),
  })
  .passthrough();

export type SnippetRuling =
  { ok: true; snippet: StoredSnippet } | { ok: false; reason: string; message: string };

const refuse = (reason: string, message: string): SnippetRuling => ({ ok: false, reason, message });

/** Tags count their characters, a comma between each, and quotes around those with spaces. */
export function tagsLength(tags: string[]): number {
  return (
    tags.reduce((total, tag) => total + tag.length + (tag.includes(' ') ? 2 : 0), 0) +
    Math.max(0, tags.length - 1)
  );
}

/** The snippet a videos.update leaves behind, or YouTube's 400 reason for refusing it. */
export function ruleOnSnippet(body: unknown): SnippetRuling {
  const parsed = incomingSnippet.safeParse(body);
  if (!parsed.success) return refuse('invalidVideoMetadata', 'The request metadata is invalid.');
  const snippet = parsed.data;
  if (snippet.title === undefined || snippet.title.trim() === '') {
    return refuse('invalidVideoMetadata', 'The request metadata is invalid: snippet.title is required.');
  }
  if (snippet.categoryId === undefined || snippet.categoryId === '') {
    return refuse('invalidVideoMetadata', 'The request metadata is invalid: snippet.categoryId is required.');
  }
  if ([...snippet.title].length > 100 || /[<>]/.test(snippet.title)) {
    return refuse('invalidTitle', 'The request metadata specifies an invalid video title.');
  }
  const description = snippet.description ?? '';
  if (Buffer.byteLength(description, 'utf8') > 5000 || /[<>]/.test(description)) {
    return refuse('invalidDescription', 'The request metadata specifies an invalid video description.');
  }
  const tags = snippet.tags ?? [];
  if (tagsLength(tags) > 500 || tags.some((tag) => /[<>,]/.test(tag))) {
    return refuse('invalidTags', 'The request metadata specifies invalid video keywords.');
  }
  if (!assignableCategories.has(snippet.categoryId)) {
    return refuse('invalidCategoryId', 'The snippet.categoryId property specifies an invalid category ID.');
  }
  for (const language of [snippet.defaultLanguage, snippet.defaultAudioLanguage]) {
    if (language !== undefined && !languageTag.test(language)) {
      return refuse('invalidVideoMetadata', `The request metadata is invalid: unknown language ${language}.`);
    }
  }
  return {
    ok: true,
    snippet: {
      title: snippet.title,
      description,
      tags: tags.length > 0 ? tags : null,
      categoryId: snippet.categoryId,
      defaultLanguage: snippet.defaultLanguage ?? null,
      defaultAudioLanguage: snippet.defaultAudioLanguage ?? null,
    },
  };
}
