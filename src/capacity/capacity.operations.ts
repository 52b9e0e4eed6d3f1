import { query } from '../api/declare/operation';
import { capacityForShape } from './capacity.service';
import { capacityOverview } from './capacity-overview';
import {
  capacityForShapeInputSchema,
  capacityForShapeSchema,
  capacityOverviewSchema,
} from './capacity.schemas';

/** The deployment's YouTube capacity (docs/capacity.md): a creator's share before creating, and the admins' view. */
export const capacityOperations = {
  forShape: query({
    access: 'user',
    team: 'view',
    input: capacityForShapeInputSchema,
    output: capacityForShapeSchema,
    rest: {
      method: 'GET',
      path: '/api/capacity',
      summary:
        "Where a test of this shape would stand: the plan's share of the daily YouTube capacity, what the account reserves, and whether it would start now or wait",
    },
    handler: ({ ctx, caller, input }) => capacityForShape(ctx, caller.user, input),
  }),

  overview: query({
    access: 'admin',
    output: capacityOverviewSchema,
    rest: {
      method: 'GET',
      path: '/api/admin/capacity',
      summary: "Today's YouTube quota: used, reserved, forecast to midnight Pacific, per plan, and the queue",
    },
    // access 'admin' is checked once, before any handler (src/api/access.ts).
    handler: ({ ctx }) => capacityOverview(ctx),
  }),
};
