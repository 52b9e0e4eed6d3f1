import { z } from 'zod';
import { query, restOnly } from '../api/declare/operation';
import { rateLimits } from '../api/declare/rate-limits';
import { channelChoiceSchema } from '../channels/channels.schemas';
import { learningExportQuerySchema, learningViewSchema } from './learning.schemas';
import { channelLearning, deploymentLearning, learningDownload } from './learning.service';

/** "What works here" (docs/learning.md): what a channel's finished tests show, pooled honestly. */
export const learningOperations = {
  channel: query({
    access: 'user',
    team: 'view',
    input: channelChoiceSchema,
    output: learningViewSchema,
    rest: {
      method: 'GET',
      path: '/api/learning',
      summary:
        "What works on one of the user's channels (channelId; default the latest connected): for each metric and each title or thumbnail feature its finished tests varied, the pooled lift with a 95% interval from a random-effects meta-analysis (each test once), and the test worth running next",
    },
    handler: ({ ctx, caller, input }) => channelLearning(ctx, caller.user, input.channelId),
  }),

  export: restOnly({
    access: 'user',
    team: 'view',
    input: learningExportQuerySchema,
    output: z.string(),
    rest: {
      method: 'GET',
      path: '/api/learning/export',
      summary:
        'Download what works on the channel: format=csv (one row per metric and feature) or format=json',
    },
    limit: rateLimits.testExport,
    handler: async ({ ctx, caller, input }) =>
      learningDownload(await channelLearning(ctx, caller.user, input.channelId), input.format),
  }),

  deployment: query({
    access: 'admin',
    output: learningViewSchema,
    rest: {
      method: 'GET',
      path: '/api/admin/learning',
      summary: 'What works across every channel of the deployment, pooled the same way, no channel named',
    },
    handler: ({ ctx }) => deploymentLearning(ctx),
  }),
};
