import { Text } from '@mantine/core';
import type { TitleTest } from '../../../api/test-types';
import { variantName } from '../../../components/variants/variant-name';

/** Which variant the end left live, by what YouTube was read back to hold: its index, or -1. */
function liveIndex(test: TitleTest): number {
  if (test.kind === 'thumbnails')
    return test.appliedThumbnail === null ? -1 : test.thumbnails.indexOf(test.appliedThumbnail);
  const byTitle = test.titles.flatMap((title, index) => (title === test.appliedTitle ? [index] : []));
  if (test.kind === 'titles') return byTitle[0] ?? -1;
  return byTitle.find((index) => test.thumbnails[index] === test.appliedThumbnail) ?? -1;
}

/**
 * For a test that has ended: the title (or thumbnail) it put back on YouTube (read back from
 * YouTube when it was written), named as a variant when it is one, so the creator sees the
 * outcome without expanding.
 */
export function LiveTitleLine({ test }: { test: TitleTest }) {
  if (test.status !== 'completed' && test.status !== 'cancelled') return null;
  const thumbnailsOnly = test.kind === 'thumbnails';
  const pending = thumbnailsOnly
    ? test.appliedThumbnail === null
    : test.appliedTitle === null || (test.kind === 'packages' && test.appliedThumbnail === null);
  if (pending) {
    return (
      <Text component="span" fz="xs" c="dimmed">
        Putting the final{' '}
        {thumbnailsOnly ? 'thumbnail' : test.kind === 'packages' ? 'title and thumbnail' : 'title'} back on
        YouTube…
      </Text>
    );
  }
  const index = liveIndex(test);
  const name = variantName(test.kind, index);
  const which = index < 0 ? '' : index === 0 ? ` (${name}, the original)` : ` (${name})`;
  return (
    <Text component="span" fz="xs" c="teal.9" fw={500}>
      {thumbnailsOnly ? (
        <>
          Live on YouTube: {index < 0 ? 'a thumbnail' : name}
          {index === 0 ? ', the original' : ''}
        </>
      ) : (
        <>
          Live on YouTube: “{test.appliedTitle}”{which}
        </>
      )}
    </Text>
  );
}
