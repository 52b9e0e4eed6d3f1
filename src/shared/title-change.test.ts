import { describe, expect, it } from 'vitest';
import { classifyTitleChange } from './title-change';

describe('classifyTitleChange', () => {
  it('names length changes past 15% and 5 characters, and nothing for small ones', () => {
    expect(
      classifyTitleChange('How I bake sourdough bread at home every week', 'Sourdough at home'),
    ).toContain('shorter');
    expect(classifyTitleChange('Sourdough bread', 'Sourdough bread for absolute beginners')).toContain(
      'longer',
    );
    expect(classifyTitleChange('Sourdough bread basics', 'Sourdough bread basic')).toEqual(['reworded']);
  });

  it('names a number added or removed', () => {
    expect(classifyTitleChange('Easy pasta dinners', 'Easy pasta dinners 5')).toEqual(['number-added']);
    expect(classifyTitleChange('7 easy pasta dinners', 'Some easy pasta dinners')).toEqual([
      'number-removed',
    ]);
    expect(classifyTitleChange('3 easy pasta dinners', '5 easy pasta dinners')).toEqual(['reworded']);
  });

  it('names a question only when the baseline was not one', () => {
    expect(classifyTitleChange('The best knife for beginners', 'The best knife for beginners?')).toEqual([
      'question',
    ]);
    expect(classifyTitleChange('Is this the best knife?', 'Is this the best pan?')).toEqual(['reworded']);
  });

  it('names first person by whole words, not inside other words', () => {
    expect(classifyTitleChange('Baking bread for a month', 'I baked bread for a month')).toEqual([
      'first-person',
    ]);
    expect(classifyTitleChange('Baking bread for a month', 'My month of baking bread')).toContain(
      'first-person',
    );
    expect(classifyTitleChange('Baking bread for a month', 'Museum bread for a month')).toEqual(['reworded']);
    expect(classifyTitleChange('Baking bread for a month', 'I’m baking bread for a month')).toContain(
      'first-person',
    );
  });

  it('names capitalisation: a case-only change alone, or more words in capitals', () => {
    expect(classifyTitleChange('never buy this pan', 'Never Buy This Pan')).toEqual(['capitalisation']);
    expect(classifyTitleChange('Never buy this pan', 'NEVER buy this pan')).toEqual(['capitalisation']);
    expect(classifyTitleChange('Never buy this pan', 'Never buy this skillet')).toEqual(['reworded']);
  });

  it('lists several changes in a fixed order', () => {
    expect(
      classifyTitleChange('A long story about how a family ended up baking bread', 'Did I bake 100 loaves?'),
    ).toEqual(['shorter', 'number-added', 'question', 'first-person']);
  });
});
