import { Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { MAX_TITLE_LENGTH, MIN_TITLES } from '#shared/title-test-rules';

interface TitleInputsProps {
  titles: string[];
  /**
   * Each title's problem in the creator's words (titleProblems, the server's own rules), or null;
   * the dialog passes only those of fields already typed in or left, or all after a submit.
   */
  errors: (string | null)[];
  onChange: (index: number, value: string) => void;
  onBlur: (index: number) => void;
  /** What goes with each title (a package test's thumbnail), shown under its field. */
  below?: (index: number) => ReactNode;
}

/**
 * Five title variants: Title 1 is the baseline; the first two required, each counted to 100. A
 * problem shows under its field (Mantine ties it to the input with aria-invalid and
 * aria-describedby), never before the creator typed.
 */
export function TitleInputs({ titles, errors, onChange, onBlur, below }: TitleInputsProps) {
  return (
    <Stack gap={below ? 'md' : 'xs'}>
      {titles.map((title, index) => {
        const required = index < MIN_TITLES;
        const length = title.trim().length;
        const tooLong = length > MAX_TITLE_LENGTH;
        const field = (
          <TextInput
            key={index}
            label={`Title ${index + 1}${index === 0 ? ' (baseline)' : required ? '' : ' (optional)'}`}
            description={
              index === 0
                ? 'The title the others are measured against; picking a video fills in its current title.'
                : undefined
            }
            withAsterisk={required}
            required={required}
            placeholder={index === 0 ? 'Your current or main title' : `Title variant ${index + 1}`}
            value={title}
            onChange={(event) => onChange(index, event.currentTarget.value)}
            onBlur={() => onBlur(index)}
            error={errors[index] ?? undefined}
            rightSectionWidth={64}
            rightSection={
              <Text fz="xs" c={tooLong ? 'red.9' : 'dimmed'}>
                {length}/{MAX_TITLE_LENGTH}
              </Text>
            }
          />
        );
        return below ? (
          <Stack key={index} gap={6}>
            {field}
            {below(index)}
          </Stack>
        ) : (
          field
        );
      })}
    </Stack>
  );
}
