import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { ChartIcon, ClockIcon, PhoneIcon, ShieldIcon, ShuffleIcon, UndoIcon } from '../../components/icons';
import { Section } from './Section';

const features = [
  {
    icon: ShuffleIcon,
    title: 'Balanced rotation',
    text: 'Titles take turns on a shuffled, balanced schedule, aligned to YouTube’s daily data, every 1 to 24 hours.',
  },
  {
    icon: ChartIcon,
    title: 'CTR, views and watch time',
    text: 'Each title gets its own click-through rate, views and average view duration, per test and per rotation.',
  },
  {
    icon: ShieldIcon,
    title: 'Honest verdicts',
    text: 'A winner is declared only when the data supports it. Otherwise you are told there is no clear winner.',
  },
  {
    icon: ClockIcon,
    title: 'Measured or estimated',
    text: 'Every figure says whether it was measured or estimated, and as of when — no false precision.',
  },
  {
    icon: UndoIcon,
    title: 'Your title comes back',
    text: 'When a test ends, the winner goes on the video. Cancel a test and the original title is restored.',
  },
  {
    icon: PhoneIcon,
    title: 'Titles, thumbnails or both',
    text: 'Test 2 to 5 titles, your thumbnail against up to 4 new ones, or title + thumbnail pairs, from a desktop or a phone.',
  },
];

export function FeaturesSection() {
  return (
    <Section id="features" eyebrow="Features" title="Everything a fair title test needs" background="gray">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {features.map(({ icon: Icon, title, text }) => (
          <Card key={title} padding="xl">
            <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
              <Icon />
            </ThemeIcon>
            <Title order={3} fz="lg" mb="xs">
              {title}
            </Title>
            <Text c="dimmed">{text}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}
