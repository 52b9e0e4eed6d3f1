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
