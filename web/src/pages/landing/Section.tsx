import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionProps {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  background?: 'white' | 'gray';
  children: ReactNode;
}

/** One landing section: an id to link to, a heading and an intro, then its content. */
export function Section({ id, eyebrow, title, intro, background = 'white', children }: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      style={{
        background: background === 'white' ? 'var(--mantine-color-white)' : 'var(--mantine-color-gray-0)',
      }}
    >
      <Container size="lg" py={{ base: 56, md: 88 }}>
        <Stack gap="xs" align="center" ta="center" mb={40}>
          {eyebrow && (
            <Text tt="uppercase" fw={700} fz="xs" c="violet.8" lts={1}>
              {eyebrow}
            </Text>
          )}
          <Title order={2} id={headingId} fz={{ base: 28, md: 36 }} maw={720}>
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" fz="lg" maw={640}>
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </section>
  );
}
