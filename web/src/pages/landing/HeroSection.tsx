import { Badge, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AppLink } from '../../components/AppLink';
import { DEMO_START_PATH } from '../../lib/constants';
import classes from './Landing.module.css';

const exampleTitles = [
  { label: 'A', title: 'I Cooked Every Pasta Shape — Here’s the Best One', share: 'Window 1, 4, 5' },
  { label: 'B', title: 'The Only Pasta Shape You Need', share: 'Window 2, 3, 6' },
];

export function HeroSection() {
  return (
    <Box className={classes.hero}>
      <Container size="lg" py={{ base: 56, md: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing={40}>
          <Stack gap="lg" justify="center">
            <Badge variant="white" color="violet" size="lg" w="fit-content">
              A/B testing for YouTube titles
            </Badge>
            <Title order={1} fz={{ base: 36, sm: 48 }} lh={1.1} c="white">
              Find the title that actually wins.
            </Title>
            <Text fz="lg" c="violet.0">
              Titlewise rotates 2 to 5 titles (or thumbnails, or both) on a live video on a balanced schedule,
              measures CTR, views and watch time for each, and tells you honestly whether one won — or that
              there is no clear winner. When the test ends, the winner (or your original) goes back on the
              video.
            </Text>
            <Group gap="sm">
              <Button
                size="lg"
                color="white"
                c="violet.9"
                renderRoot={(props) => <AppLink to="/paywall" {...props} />}
              >
                Start Pro Plan
              </Button>
              <Button
                size="lg"
                variant="outline"
                color="white"
                renderRoot={(props) => <AppLink to={DEMO_START_PATH} {...props} />}
              >
                Try the demo
              </Button>
            </Group>
          </Stack>
          <Paper p="lg" shadow="xl" radius="lg" aria-label="Example of a title test">
            <Group justify="space-between" mb="md">
              <Text fw={700}>Example test</Text>
              <Badge color="teal.9">active</Badge>
            </Group>
            <Stack gap="sm">
              {exampleTitles.map((item) => (
                <Paper key={item.label} withBorder p="sm" radius="md">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Badge variant="light" color="violet" radius="sm">
                      {item.label}
                    </Badge>
                    <Box>
                      <Text fz="sm" fw={600}>
                        {item.title}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {item.share}
                      </Text>
                    </Box>
                  </Group>
                </Paper>
              ))}
              <Text fz="xs" c="dimmed">
                Illustration only. Windows are shuffled so that no title gets all the busy evenings or all the
                early days.
              </Text>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
