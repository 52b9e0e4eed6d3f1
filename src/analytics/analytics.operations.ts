import { channelChoiceSchema } from '../channels';
import { query } from '../api/declare/operation';
import { getAccuracyStatus } from './accuracy-status.service';
import { accuracyStatusSchema } from './analytics.schemas';

export const analyticsOperations = {
  accuracyStatus: query({
    access: 'user',
    team: 'view',
    input: channelChoiceSchema,
    output: accuracyStatusSchema,
    rest: {
      method: 'GET',
      path: '/api/analytics/accuracy-status',
      summary: 'Which figures are measured and which are estimated or pending, and how to enable the rest',
    },
    handler: ({ ctx, caller, input }) => getAccuracyStatus(ctx, caller.user, input.channelId),
  }),
};
