import { z } from 'zod';
import { mutation, query, restOnly } from '../api/declare/operation';
import { rateLimits } from '../api/declare/rate-limits';
import { channelChoiceSchema } from '../channels';
import {
  learningExportQuerySchema,
  learningPoolSchema,
  learningSharingSchema,
  learningViewSchema,
  setLearningSharingSchema,
} from './learning.schemas';
import {
  channelLearning,
  deploymentLearning,
  learningDownload,
  learningPool,
  learningSharing,
  setLearningSharing,
} from './learning.service';

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

  // "Compare with other channels" (docs/decisions/0047): a team member reads the owner's choice
  // and, when the owner opted in, the pool; only the owner changes the choice.
  sharing: query({
    access: 'user',
    team: 'view',
    output: learningSharingSchema,
    rest: {
      method: 'GET',
      path: '/api/learning/sharing',
      summary:
        "Whether the account's finished tests are pooled with the other channels that opted in (and so whether it may read that pool)",
    },
    handler: ({ caller }) => learningSharing(caller.user, caller.role),
  }),

  setSharing: mutation({
    access: 'user',
    team: 'view',
    input: setLearningSharingSchema,
    output: learningSharingSchema,
    rest: {
      method: 'POST',
      path: '/api/learning/sharing',
      summary:
        "Opt in (optedIn: true) or out of pooling the account's finished tests with the other opted-in channels; only aggregated figures are shown, nothing named; opting out takes them out at once. The account's owner only",
    },
    handler: ({ ctx, caller, input }) => setLearningSharing(ctx, caller.user, caller.role, input.optedIn),
  }),

  pool: query({
    access: 'user',
    team: 'view',
    output: learningPoolSchema,
    rest: {
      method: 'GET',
      path: '/api/learning/deployment',
      summary:
        'What works across the channels whose creators opted in, pooled the same way, no channel or video named; the figures only once enough channels are in the pool (minimumChannels), else view is null. 403 unless the account opted in',
    },
    limit: rateLimits.learningPool,
    handler: ({ ctx, caller }) => learningPool(ctx, caller.user),
  }),
};
