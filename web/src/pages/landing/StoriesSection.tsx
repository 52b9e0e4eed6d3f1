import { Avatar, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { Section } from './Section';

// Titlewise is new: these are clearly marked example scenarios, not quotes from real customers.
const stories = [
  {
    initials: 'CK',
    channel: 'A cooking channel',
    text: 'Tests a curiosity title against a plain “how to” title on a recipe video. After a week the verdict is “no clear winner”, so the original stays — and no time is wasted guessing.',
  },
  {
    initials: 'TB',
    channel: 'A tech review channel',
    text: 'Rotates three titles every four hours on a new review. One title leads on CTR but loses on watch time; the combined metric picks the title that keeps viewers watching.',
  },
  {
    initials: 'SE',
    channel: 'A science explainer',
    text: 'Runs daily windows on an older evergreen video. CTR is measured exactly per day, and the winning title goes back on the video automatically at the end date.',
  },
];

export function StoriesSection() {
  return (
    <Section
      id="stories"
      eyebrow="Success stories"
      title="What a Titlewise test looks like"
      intro="Titlewise is new, so instead of quotes we show example scenarios of how creators use it. We will publish real creator stories when creators share them with us."
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {stories.map((story) => (
          <Card key={story.channel} padding="xl" component="figure" m={0}>
            <Text component="blockquote" m={0} mb="lg">
              {story.text}
            </Text>
            <Group gap="sm" component="figcaption">
              <Avatar color="violet" radius="xl" aria-hidden>
                {story.initials}
              </Avatar>
              <div>
                <Text fw={600} fz="sm">
                  {story.channel}
                </Text>
                <Text c="dimmed" fz="xs">
                  Example scenario
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}
