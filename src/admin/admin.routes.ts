import { isAdmin } from '../auth/roles';
import type { AppContext } from '../app-context';
import type { RestRouter } from '../http/rest-route';
import { adminCheckSchema } from './admin.router';

export function registerAdminRoutes(rest: RestRouter, app: AppContext): void {
  rest.route({
    method: 'GET',
    url: '/api/admin/check',
    summary: 'Whether the caller has admin access',
    tags: ['admin'],
    auth: 'user',
    response: adminCheckSchema,
    handler: async ({ auth }) => ({ isAdmin: isAdmin(app.config, auth.user) }),
  });
}
