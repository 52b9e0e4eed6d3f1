import { Stack, Text, TextInput } from '@mantine/core';
import { MAX_TITLE_LENGTH, MIN_TITLES } from '../../../../../src/shared/title-test-rules';

interface TitleInputsProps {
  titles: string[];
  onChange: (index: number, value: string) => void;
}

/** Five title variants: Title 1 is the baseline; the first two required (outlined red while empty), each counted to 100. */
export function TitleInputs({ titles, onChange }: TitleInputsProps) {
  return (
    <Stack gap="xs">
      {titles.map((title, index) => {
        const required = index < MIN_TITLES;
        const length = title.trim().length;
        const tooLong = length > MAX_TITLE_LENGTH;
        const emptyRequired = required && length === 0;
        return (
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
            error={tooLong ? `YouTube allows at most ${MAX_TITLE_LENGTH} characters` : emptyRequired}
            aria-invalid={emptyRequired || tooLong}
            rightSectionWidth={64}
            rightSection={
              <Text fz="xs" c={tooLong ? 'red.9' : 'dimmed'}>
                {length}/{MAX_TITLE_LENGTH}
              </Text>
            }
          />
        );
      })}
    </Stack>
  );
}
