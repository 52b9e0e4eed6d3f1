import { mutation, query, restOnly } from '../api/declare/operation';
import { rateLimits } from '../api/declare/rate-limits';
import { testIdSchema } from '../title-tests';
import { pastTests } from './history.service';
import {
  createdShareLinkSchema,
  pastTestsSchema,
  publicReportSchema,
  reportTokenSchema,
  revokedShareLinkSchema,
  shareLinksSchema,
} from './reports.schemas';
import { createShareLink, listShareLinks, readReport, revokeShareLink } from './share-links.service';

/**
 * Shared report links and the past-tests history (docs/product.md#shared-report-links,
 * docs/product.md#past-tests). Each handler is one call into a service.
 */
export const reportOperations = {
  shareLink: query({
    access: 'user',
    team: 'view',
    input: testIdSchema,
    output: shareLinksSchema,
    rest: {
      method: 'GET',
      path: '/api/tests/:id/share-link',
      summary: 'The test’s live read-only report link (its address), and the links revoked before it',
    },
    handler: ({ ctx, caller, input }) => listShareLinks(ctx, caller.user, input.id),
  }),

  createShareLink: mutation({
    access: 'user',
    team: 'edit',
    input: testIdSchema,
    output: createdShareLinkSchema,
    rest: {
      method: 'POST',
      path: '/api/tests/:id/share-link',
      summary: 'Create a read-only report link for the test (revokes the live one it had)',
      successStatus: 201,
    },
    handler: ({ ctx, caller, input }) => createShareLink(ctx, caller.user, input.id),
  }),

  revokeShareLink: mutation({
    access: 'user',
    team: 'edit',
    input: testIdSchema,
    output: revokedShareLinkSchema,
    rest: {
      method: 'DELETE',
      path: '/api/tests/:id/share-link',
      summary: 'Revoke the test’s live report link (its address then answers “revoked”)',
    },
    handler: ({ ctx, caller, input }) => revokeShareLink(ctx, caller.user, input.id),
  }),

  // REST only: the token travels as the `token` query parameter, which request logs redact
  // (src/http/request-log.ts); a tRPC query would log it inside `input`.
  read: restOnly({
    access: 'public',
    input: reportTokenSchema,
    output: publicReportSchema,
    rest: {
      method: 'GET',
      path: '/api/reports',
      summary:
        'The read-only report a shared link opens (no sign-in): titles, per-title figures and the verdict; 404 for an unknown or revoked link',
    },
    limit: rateLimits.reportRead,
    handler: ({ ctx, input }) => readReport(ctx, input.token),
  }),

  history: query({
    access: 'user',
    team: 'view',
    output: pastTestsSchema,
    rest: {
      method: 'GET',
      path: '/api/tests/history',
      summary:
        'The signed-in user’s finished tests with verdict, lift and interval, and which kind of change won; counts and the median decided lift',
    },
    handler: ({ ctx, caller }) => pastTests(ctx, caller.user),
  }),
};
