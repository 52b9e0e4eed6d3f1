import type { AppContext } from '../app-context';
import type { RestRouter } from '../http/rest-route';
import { getAccuracyStatus } from './accuracy-status.service';
import { accuracyStatusSchema } from './analytics.schemas';

export function registerAnalyticsRoutes(rest: RestRouter, app: AppContext): void {
  rest.route({
    method: 'GET',
    url: '/api/analytics/accuracy-status',
    summary: 'Which figures are measured and which are estimated or pending, and how to enable the rest',
    tags: ['analytics'],
    auth: 'user',
    response: accuracyStatusSchema,
    handler: ({ auth }) => getAccuracyStatus(app, auth),
  });
}
