import { describe, expect, it } from 'vitest';
import { titleFeatures } from './title-features';

describe('title features', () => {
  it('reads each feature from the text', () => {
    expect(titleFeatures('Crispy Smashed Potatoes Every Time (3 Tricks Restaurants Use)')).toEqual({
      number: true,
      brackets: true,
      question: false,
      viewer: false,
      allCaps: false,
      emoji: false,
      split: false,
      long: true,
    });
    expect(titleFeatures('Why Is Space Cold If the Sun Is Hot?')).toMatchObject({
      question: true,
      long: false,
    });
    expect(titleFeatures('Beginner Mistakes I Made So You Don’t Have To')).toMatchObject({ viewer: true });
    expect(titleFeatures('HAND TOOLS only: a workbench')).toMatchObject({ allCaps: true, split: true });
    expect(titleFeatures('Garlic noodles 🍜')).toMatchObject({ emoji: true, number: false });
    expect(titleFeatures('Pasta — the 2-minute fix')).toMatchObject({ split: true, number: true });
  });

  it('does not take a lone capital, a hyphenated word or a time for a feature', () => {
    expect(titleFeatures('I built a half-size bench at 10:30')).toMatchObject({
      allCaps: false,
      split: false,
      viewer: true,
    });
  });
});
