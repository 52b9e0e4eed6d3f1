import { FaqList, type FaqItem } from '../../components/FaqList';
import { Section } from './Section';

const items: FaqItem[] = [
  {
    question: 'How does Titlewise change my video’s title?',
    answer:
      'You connect your YouTube channel with Google sign-in. Titlewise then changes only the title of the video under test, on the schedule you choose, and reads it back to confirm the change.',
  },
  {
    question: 'How long does a test take?',
    // The light front door loads no rules module (code-splitting budget): these are defaultDurationDaysFor's lengths.
    answer:
      'You choose the end date: a week by default for a views test, two weeks for click-through rate or watch time, which YouTube reports once a day. You can extend a running test. If the titles perform about the same, Titlewise says so rather than guessing.',
  },
  {
    question: 'What happens when a test ends?',
    answer:
      'The winning title is put on the video. With no clear winner, a title that clearly beat your original still goes live; otherwise, or if you cancel the test, your original title is restored.',
  },
  {
    question: 'Are the numbers exact?',
    answer:
      'Views are measured from YouTube’s public counter as they happen. YouTube reports impressions, click-through rate and watch time only per day, two to three days late, so tests judged on them give each title whole days, and their verdict waits for the last day’s figures. Lifts and intervals are Titlewise’s own calculation, and say so.',
  },
  {
    question: 'Can I cancel my plan?',
    answer: 'Yes, anytime. Plans are billed monthly with a 14-day money-back guarantee.',
  },
];

export function FaqSection() {
  return (
    <Section eyebrow="FAQ" title="Questions creators ask">
      <FaqList items={items} />
    </Section>
  );
}
