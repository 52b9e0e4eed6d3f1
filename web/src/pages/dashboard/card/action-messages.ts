import { VARIANT_WORDS } from '#shared/test-kinds';
import type { TitleTest } from '../../../api/test-types';

export type TestActionName = 'pause' | 'resume' | 'complete' | 'cancel';

/** Success toasts per action (docs/product.md#test-states). */
export function actionSuccessMessage(action: string): string {
  switch (action) {
    case 'pause':
      return 'Test paused successfully';
    case 'resume':
      return 'Test resumed successfully';
    case 'complete':
      return 'Test completed successfully';
    case 'cancel':
      return 'Test cancelled successfully';
    default:
      return 'Action completed successfully';
  }
}

/** Cancel's confirmation for a started test: what goes back on YouTube, in the kind's words. */
export function cancelMessage(test: Pick<TitleTest, 'kind' | 'originalTitle'>): string {
  const words = VARIANT_WORDS[test.kind];
  const original =
    test.kind === 'thumbnails'
      ? words.original
      : `the original title “${test.originalTitle}”${test.kind === 'packages' ? ' and thumbnail' : ''}`;
  // A package's title and thumbnail go back together; one title or thumbnail goes back.
  const goes = words.plural ? 'go' : 'goes';
  return `The rotation stops and ${original} ${goes} back on YouTube. The figures so far are kept.`;
}
