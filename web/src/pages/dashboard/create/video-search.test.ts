import { describe, expect, it } from 'vitest';
import { filterByTitle, normaliseForSearch, searchWords, titleMatches } from './video-search';

describe('normaliseForSearch', () => {
  it('drops case, accents and punctuation', () => {
    expect(normaliseForSearch('  Crème Brûlée — 3 Ways!  ')).toBe('creme brulee 3 ways');
    expect(normaliseForSearch('ÉCLAIRS & Café')).toBe('eclairs cafe');
    expect(normaliseForSearch('Straße')).toBe('strasse');
    expect(normaliseForSearch('30-Minute Dinner | One-Pan')).toBe('30 minute dinner one pan');
  });

  it('keeps letters of other scripts', () => {
    expect(normaliseForSearch('Рецепт борща')).toBe('рецепт борща');
    expect(normaliseForSearch('ラーメン 2')).toBe('ラーメン 2');
  });
});

describe('searchWords', () => {
  it('splits on spaces and punctuation; a blank search has no words', () => {
    expect(searchWords(' Lemon-garlic  CHICKEN ')).toEqual(['lemon', 'garlic', 'chicken']);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords('—!')).toEqual([]);
  });
});

describe('titleMatches', () => {
  const title = 'Crème Brûlée in 10 Minutes (No Torch)';

  it('matches every word in any order, ignoring case and accents', () => {
    expect(titleMatches(title, 'creme brulee')).toBe(true);
    expect(titleMatches(title, 'BRÛLÉE crème')).toBe(true);
    expect(titleMatches(title, 'torch minutes')).toBe(true);
    expect(titleMatches(title, 'no-torch')).toBe(true);
  });

  it('matches the start or middle of a word', () => {
    expect(titleMatches(title, 'brul')).toBe(true);
    expect(titleMatches(title, 'inut')).toBe(true);
  });

  it('needs every word', () => {
    expect(titleMatches(title, 'creme pasta')).toBe(false);
    expect(titleMatches(title, 'cremebrulee')).toBe(false);
  });

  it('matches every title when the search is blank', () => {
    expect(titleMatches(title, '')).toBe(true);
    expect(titleMatches('', '  ')).toBe(true);
    expect(titleMatches('', 'a')).toBe(false);
  });
});

describe('filterByTitle', () => {
  const videos = [
    { id: 'a', title: 'Homemade Ramen Broth in 45 Minutes' },
    { id: 'b', title: 'One-Pan Lemon Garlic Chicken Thighs | 30-Minute Dinner' },
    { id: 'c', title: 'I Tried Every Way to Cook Rice' },
  ];

  it('keeps the matching videos in their order', () => {
    expect(filterByTitle(videos, 'minute').map((video) => video.id)).toEqual(['a', 'b']);
    expect(filterByTitle(videos, 'MINUTE garlic').map((video) => video.id)).toEqual(['b']);
    expect(filterByTitle(videos, 'sourdough')).toEqual([]);
  });

  it('returns a copy of all of them for a blank search', () => {
    const all = filterByTitle(videos, ' ');
    expect(all).toEqual(videos);
    expect(all).not.toBe(videos);
  });
});
