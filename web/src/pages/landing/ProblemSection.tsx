import { Button, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { AppLink } from '../../components/AppLink';
import { ChartIcon, ClockIcon, ShuffleIcon } from '../../components/icons';
import { Section } from './Section';

const problems = [
  {
    icon: ClockIcon,
    title: 'Views fade as a video ages',
    text: 'A new upload gets most of its views in the first days. Run title A first and title B later, and A “wins” just for being early.',
  },
  {
    icon: ShuffleIcon,
    title: 'Traffic swings through the day',
    text: 'Evenings and weekends bring more viewers. A title that happens to hold the busy hours looks better than it is.',
  },
  {
    icon: ChartIcon,
    title: 'Averages invent winners',
    text: 'Comparing raw averages per title crowns a “winner” even between two identical titles. A fair test has to account for time.',
  },
];

export function ProblemSection() {
  return (
    <Section
      eyebrow="The problem"
      title="Swapping titles by hand can’t tell you which one is better"
      intro="Changing a title and watching the numbers feels like testing, but the numbers move for reasons that have nothing to do with the title."
      background="gray"
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {problems.map(({ icon: Icon, title, text }) => (
          <Card key={title} padding="xl">
            <ThemeIcon size={44} radius="md" variant="light" color="red" mb="md" aria-hidden>
              <Icon />
            </ThemeIcon>
            <Title order={3} fz="lg" mb="xs">
              {title}
            </Title>
            <Text c="dimmed">{text}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Group justify="center" mt={40}>
        <Button size="md" renderRoot={(props) => <AppLink to="/login" {...props} />}>
          Connect your channel and test properly
        </Button>
      </Group>
    </Section>
  );
}
