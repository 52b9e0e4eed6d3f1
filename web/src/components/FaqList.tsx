import { Accordion } from '@mantine/core';

export interface FaqItem {
  question: string;
  answer: string;
}

/** Collapsible questions and answers (keyboard and screen-reader friendly via Accordion). */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <Accordion variant="separated" radius="md" maw={760} mx="auto" chevronPosition="right">
      {items.map((item, index) => (
        <Accordion.Item key={item.question} value={`faq-${index}`} bg="white">
          <Accordion.Control>{item.question}</Accordion.Control>
          <Accordion.Panel>{item.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
