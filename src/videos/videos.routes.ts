import type { AppContext } from '../app-context';
import type { RestRouter } from '../http/rest-route';
import { recentVideosResponseSchema } from './videos.schemas';
import { getRecentVideos } from './videos.service';

export function registerVideoRoutes(rest: RestRouter, app: AppContext): void {
  rest.route({
    method: 'GET',
    url: '/api/videos/recent',
    summary: "The signed-in user's recent uploads (video picker)",
    tags: ['videos'],
    auth: 'user',
    response: recentVideosResponseSchema,
    handler: ({ auth }) => getRecentVideos(app, auth),
  });
}
