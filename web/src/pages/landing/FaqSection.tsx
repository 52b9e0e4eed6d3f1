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
    answer:
      'You choose the end date (7 days by default). A verdict needs a few days of data; if the titles perform about the same, Titlewise says there is no clear winner rather than guessing.',
  },
  {
    question: 'What happens when a test ends?',
    answer:
      'The winning title is put on the video. If there is no clear winner, or you cancel the test, your original title is restored.',
  },
  {
    question: 'Are the numbers exact?',
    answer:
      'Views are measured as they happen. YouTube reports impressions and CTR per day, so CTR for windows shorter than a day is estimated — and labelled as estimated.',
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
