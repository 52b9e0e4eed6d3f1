export type TestActionName = 'pause' | 'resume' | 'complete' | 'cancel';

/** SPEC §4 success toasts per action. */
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
