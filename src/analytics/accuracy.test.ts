import { describe, expect, it } from 'vitest';
import type { ChannelConnection } from '../channels/channel-connections.service';
import { pacificDayStart } from '../time/pacific';
import { describeAccuracy } from './accuracy';

const now = new Date('2026-11-21T20:00:00Z'); // 2026-11-21, Pacific
const connection: ChannelConnection = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  youtubeChannelId: 'UCx',
  title: 'Channel',
  uploadsPlaylistId: 'UUx',
  accessTokenEncrypted: null,
  refreshTokenEncrypted: null,
  accessTokenExpiresAt: null,
  scopes: [
    'openid',
    'https://www.googleapis.com/auth/youtube.force-ssl',
    'https://www.googleapis.com/auth/yt-analytics.readonly',
  ],
  status: 'connected',
  statusReason: null,
  reportingJobId: 'job-1',
  reachDataThrough: pacificDayStart('2026-11-19'),
  authorizedAt: now,
  disconnectRequestedAt: null,
  createdAt: now,
  updatedAt: now,
};

describe('accuracy status', () => {
  it('is enabled once reach data arrives, saying what is measured, how old, and what is estimated', () => {
    const status = describeAccuracy(connection, now);
    expect(status.enabled).toBe(true);
    expect(status.enableUrl).toBeNull();
    expect(status.accuracy).toContain('Views are measured');
    expect(status.accuracy).toContain('through Wed, Nov 18 (3 days behind)');
    expect(status.accuracy).toContain('Titlewise’s own estimates');
  });

  it('is pending, with nothing for the creator to do, until the report job has delivered', () => {
    for (const pending of [
      { ...connection, reachDataThrough: null },
      { ...connection, reportingJobId: null, reachDataThrough: null },
    ]) {
      const status = describeAccuracy(pending, now);
      expect(status).toMatchObject({ enabled: false, enableUrl: null });
      expect(status.accuracy).toMatch(/Impressions and CTR are pending.*48 hours/);
    }
  });

  it('asks for a new sign-in when the Analytics permission is missing, the channel is disconnected, or there is none', () => {
    const noScope = describeAccuracy({ ...connection, scopes: ['openid'] }, now);
    expect(noScope).toMatchObject({ enabled: false, enableUrl: '/api/auth/google' });
    expect(noScope.instructions.split('\n')[0]).toMatch(/allow “See YouTube Analytics reports/);
    expect(describeAccuracy({ ...connection, status: 'disconnected' }, now).accuracy).toMatch(/lost access/);
    expect(describeAccuracy(null, now)).toMatchObject({ enabled: false, enableUrl: '/api/auth/google' });
  });

  it('says so when reach data stops arriving', () => {
    const status = describeAccuracy({ ...connection, reachDataThrough: pacificDayStart('2026-11-10') }, now);
    expect(status.enabled).toBe(false);
    expect(status.accuracy).toMatch(/stopped arriving.*Mon, Nov 9 \(12 days behind\)/);
    // A demo visitor, whose fast-forward moved the channel's days, is not asked to sign in again.
    const demo = describeAccuracy(
      { ...connection, reachDataThrough: pacificDayStart('2026-11-10') },
      now,
      true,
    );
    expect(demo).toMatchObject({ enabled: false, enableUrl: null });
    expect(demo.accuracy).toMatch(/catching up/);
    expect(demo.instructions).toMatch(/^Nothing to do/);
  });
});
