import { describe, expect, it } from 'vitest';
import { ruleOnSnippet, tagsLength } from './snippet-rules';

const full = {
  title: 'A title',
  description: 'Line one\nLine two 🍜',
  tags: ['ramen', 'noodle soup'],
  categoryId: '26',
  defaultLanguage: 'en',
  defaultAudioLanguage: 'en-US',
};

describe("videos.update part=snippet (YouTube's rules)", () => {
  it('keeps exactly what is sent', () => {
    expect(ruleOnSnippet(full)).toEqual({ ok: true, snippet: full });
  });

  it('removes every mutable field left out: the snippet is replaced, not merged', () => {
    expect(ruleOnSnippet({ title: 'Only a title', categoryId: '26' })).toEqual({
      ok: true,
      snippet: {
        title: 'Only a title',
        description: '',
        tags: null,
        categoryId: '26',
        defaultLanguage: null,
        defaultAudioLanguage: null,
      },
    });
  });

  it('requires title and categoryId (400 invalidVideoMetadata)', () => {
    expect(ruleOnSnippet({ ...full, title: undefined })).toMatchObject({
      ok: false,
      reason: 'invalidVideoMetadata',
    });
    expect(ruleOnSnippet({ ...full, categoryId: undefined })).toMatchObject({
      ok: false,
      reason: 'invalidVideoMetadata',
    });
  });

  it('enforces title, description, tag and category limits', () => {
    expect(ruleOnSnippet({ ...full, title: 'x'.repeat(100) })).toMatchObject({ ok: true });
    expect(ruleOnSnippet({ ...full, title: 'x'.repeat(101) })).toMatchObject({
      ok: false,
      reason: 'invalidTitle',
    });
    expect(ruleOnSnippet({ ...full, title: 'a <b>' })).toMatchObject({ ok: false, reason: 'invalidTitle' });
    expect(ruleOnSnippet({ ...full, description: 'é'.repeat(2501) })).toMatchObject({
      ok: false,
      reason: 'invalidDescription',
    });
    expect(ruleOnSnippet({ ...full, tags: ['x'.repeat(501)] })).toMatchObject({
      ok: false,
      reason: 'invalidTags',
    });
    expect(ruleOnSnippet({ ...full, categoryId: '99' })).toMatchObject({
      ok: false,
      reason: 'invalidCategoryId',
    });
  });

  it('counts tags as YouTube does: commas between, quotes around tags with spaces', () => {
    expect(tagsLength(['ab', 'c d'])).toBe(2 + 1 + 5);
  });
});
