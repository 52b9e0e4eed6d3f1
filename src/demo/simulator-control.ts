import type { Config } from '../config';

/** A simulated Google account, as the simulator's control API describes it. */
export interface SimulatedGoogleAccount {
  id: string;
  email: string;
  channelId: string;
  channelTitle: string;
}

/**
 * The demo's client of the YouTube simulator's control API (loopback, JSON): the simulator is
 * another origin, reached over HTTP like Google; nothing here touches its tables.
 */
export interface SimulatorControl {
  /** A fresh copy of the demo channel, living at `at` (its own clock) when given. */
  createDemoAccount(at: Date | null): Promise<SimulatedGoogleAccount>;
  /**
   * A fresh copy that has lived what demo copy `templateId` has (its own clock at the template's
   * instant), with each template video's id in the clone.
   */
  cloneDemoAccount(
    templateId: string,
  ): Promise<{ account: SimulatedGoogleAccount; videoIds: Record<string, string> }>;
  /** Moves the account's own clock (null: back onto the deployment's). */
  setAccountClock(accountId: string, at: Date | null): Promise<void>;
  /** Moves everything a demo copy has lived by `ms` (negative: into the past). */
  shiftDemoAccount(accountId: string, ms: number): Promise<void>;
  deleteDemoAccount(accountId: string): Promise<void>;
  /** The account holder allows access on Google's consent screen: the authorization code. */
  grant(accountId: string, input: { redirectUri: string; scope: string }): Promise<string>;
}

export class SimulatorControlError extends Error {}

export function simulatorControl(config: Config): SimulatorControl {
  const base = config.google.simulatorUrl;
  const call = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    if (!base) throw new SimulatorControlError('The YouTube simulator is not part of this deployment.');
    const response = await fetch(`${base}/control${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.youtubeGateway.requestTimeoutMs),
    });
    const text = await response.text();
    if (!response.ok)
      throw new SimulatorControlError(`Simulator ${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    async createDemoAccount(at) {
      const { account } = await call<{ account: SimulatedGoogleAccount }>('POST', '/demo-accounts', {
        at: at?.toISOString() ?? null,
      });
      return account;
    },
    async cloneDemoAccount(templateId) {
      return call<{ account: SimulatedGoogleAccount; videoIds: Record<string, string> }>(
        'POST',
        `/demo-accounts/${encodeURIComponent(templateId)}/clones`,
        {},
      );
    },
    async setAccountClock(accountId, at) {
      await call('POST', `/accounts/${encodeURIComponent(accountId)}/clock`, {
        at: at?.toISOString() ?? null,
      });
    },
    async shiftDemoAccount(accountId, ms) {
      await call('POST', `/accounts/${encodeURIComponent(accountId)}/shift`, { ms });
    },
    async deleteDemoAccount(accountId) {
      await call('DELETE', `/accounts/${encodeURIComponent(accountId)}`, {});
    },
    async grant(accountId, input) {
      const { code } = await call<{ code: string }>('POST', '/oauth/grant', {
        account: accountId,
        client_id: config.google.clientId,
        redirect_uri: input.redirectUri,
        scope: input.scope,
      });
      return code;
    },
  };
}
