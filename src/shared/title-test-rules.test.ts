import { describe, expect, it } from 'vitest';
import { titleProblems } from './title-test-rules';

describe('titleProblems: each title checked in the creator’s words, as the form and the server say it', () => {
  it('finds nothing wrong with two different titles and blank optional ones', () => {
    expect(titleProblems(['How stars die', 'Why stars explode', '', '  '])).toEqual([null, null, null, null]);
  });

  it('names an empty Title 1 or Title 2, never an empty optional title', () => {
    expect(titleProblems(['', 'Second', 'Third'])).toEqual(['Title 1 is empty', null, null]);
    expect(titleProblems(['First', ' ', ''])).toEqual([null, 'Title 2 is empty', null]);
    expect(titleProblems([])).toEqual(['Title 1 is empty', 'Title 2 is empty']);
  });

  it('says which title has < or >, with its number from 1', () => {
    expect(titleProblems(['ok', 'A <b>bold</b> title'])).toEqual([
      null,
      "Title 2 can't contain < or > (YouTube refuses them)",
    ]);
  });

  it('says which earlier title a duplicate repeats, ignoring case and spaces', () => {
    expect(titleProblems(['Same', 'Other', ' same '])).toEqual([
      null,
      null,
      'Title 3 is the same as Title 1',
    ]);
  });

  it('says how long a title over YouTube’s limit is', () => {
    expect(titleProblems(['ok', 'x'.repeat(101)])).toEqual([
      null,
      'Title 2 is 101 characters; YouTube allows at most 100',
    ]);
  });
});
