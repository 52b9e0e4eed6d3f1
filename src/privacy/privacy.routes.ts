import type { AppContext } from '../app-context';
import { clearSessionCookie } from '../auth/session-cookie';
import type { RestRouter } from '../http/rest-route';
import { requestAccountDeletion } from './account-deletion.service';
import { accountDeletionResponseSchema, accountDeletionSchema } from './privacy.schemas';

export function registerPrivacyRoutes(rest: RestRouter, app: AppContext): void {
  rest.route({
    method: 'POST',
    url: '/api/account/delete',
    summary:
      'Delete the signed-in account: sessions end, running tests put their original titles back, then tests, figures and the Google grant are erased',
    tags: ['account'],
    auth: 'user',
    body: accountDeletionSchema,
    response: accountDeletionResponseSchema,
    successStatus: 202,
    handler: async ({ auth, body, reply }) => {
      const result = await requestAccountDeletion(app.engine, auth.user, body);
      clearSessionCookie(reply, app.config);
      return result;
    },
  });
}
