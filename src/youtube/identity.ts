import type { OAuth2Client } from 'google-auth-library';
import { z } from 'zod';
import type { ServiceContext } from '../context/service-context';
import { youtubeApi } from './google-clients';
import { recordQuotaUse } from './quota-ledger';

const userInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  name: z.string().optional(),
  given_name: z.string().optional(),
});
export type GoogleUserInfo = z.infer<typeof userInfoSchema>;

export interface OwnChannel {
  id: string;
  title: string;
  uploadsPlaylistId: string | null;
}

/** Who signed in: the OpenID userinfo endpoint. */
export async function fetchUserInfo(app: ServiceContext, auth: OAuth2Client): Promise<GoogleUserInfo> {
  const response = await auth.request({ url: app.config.google.endpoints.userinfoUrl });
  return userInfoSchema.parse(response.data);
}

/** The signed-in account's own channel (channels.list mine=true, 1 unit), or null if it has none. */
export async function fetchOwnChannel(app: ServiceContext, auth: OAuth2Client): Promise<OwnChannel | null> {
  const youtube = youtubeApi(app.config, auth);
  const response = await youtube.channels.list({ part: ['snippet', 'contentDetails'], mine: true });
  await recordQuotaUse(app.db, { method: 'channels.list', at: app.clock.now() });
  const channel = response.data.items?.[0];
  if (!channel?.id) return null;
  return {
    id: channel.id,
    title: channel.snippet?.title ?? 'Untitled channel',
    uploadsPlaylistId: channel.contentDetails?.relatedPlaylists?.uploads ?? null,
  };
}
