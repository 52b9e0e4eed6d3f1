import { Alert, Button } from '@mantine/core';
import type { TestKind } from '#shared/test-kinds';
import { hopelessMessage } from './test-promise';

interface HopelessNoticeProps {
  kind: TestKind;
  /** The running test's chance of naming a winner by its end (under 10%: isHopeless). */
  chanceOfWinner: number;
  /** Opens the card's Cancel confirmation; absent for a viewer, who cannot cancel. */
  onStop?: () => void;
}

/**
 * A running test that will very likely end Inconclusive: said while there is still time to give
 * the video its original back, rather than at the end. Stopping is the card's Cancel, with its
 * confirmation; a hint, never a verdict (the test keeps running unless the creator stops it).
 */
export function HopelessNotice({ kind, chanceOfWinner, onStop }: HopelessNoticeProps) {
  return (
    <Alert color="yellow" variant="light" role="status" title="Unlikely to find a winner">
      {hopelessMessage(chanceOfWinner, kind)}
      {onStop && (
        <Button
          display="block"
          mt="xs"
          size="xs"
          variant="white"
          color="dark"
          onClick={onStop}
          aria-haspopup="dialog"
        >
          Stop and put the original back
        </Button>
      )}
    </Alert>
  );
}
