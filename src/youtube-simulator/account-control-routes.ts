import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimulatorOptions } from './plugin';
import {
  cloneDemoCopyAccount,
  createDemoCopyAccount,
  deleteDemoCopyAccount,
  setAccountClock,
  shiftDemoCopyAccount,
} from './demo-copies';
import { accountNow, createAuthCode, findAccount } from './identity-store';

const demoCopyBody = z.object({ at: z.iso.datetime().nullable().default(null) });
const clockBody = z.object({ at: z.iso.datetime().nullable() });
const shiftBody = z.object({ ms: z.number().int() });
const grantBody = z.object({
  account: z.string().min(1),
  client_id: z.string().min(1),
  redirect_uri: z.url(),
  scope: z.string().min(1),
});
type AccountParams = { accountId: string };

/**
 * Controls over simulated Google accounts, for the demo (under /control, loopback only):
 * - POST /control/demo-accounts {at?}: a fresh copy of the demo channel for one visitor,
 *   optionally living at its own instant `at` while its past is generated;
 * - POST /control/demo-accounts/:id/clones: a fresh copy that has lived what that demo copy has
 *   (same uploads, title history and instant), with each of its video ids in the clone;
 * - POST /control/accounts/:id/clock {at}: moves that instant (null: back to the deployment's);
 * - POST /control/accounts/:id/shift {ms}: moves everything a demo copy has lived by ms;
 * - DELETE /control/accounts/:id: removes a demo copy;
 * - POST /control/oauth/grant: the account holder presses Allow on the consent screen, and the
 *   caller gets the authorization code Google would have redirected with.
 */
export function registerAccountControls(control: FastifyInstance, options: SimulatorOptions): void {
  control.post('/demo-accounts', async (request, reply) => {
    const body = demoCopyBody.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: 'at must be an ISO date-time or null.' });
    const account = await createDemoCopyAccount(options.db, {
      deploymentNow: options.clock.now(),
      at: body.data.at === null ? null : new Date(body.data.at),
    });
    return reply.code(201).send({ account });
  });

  control.post('/demo-accounts/:accountId/clones', async (request, reply) => {
    const { accountId } = request.params as AccountParams;
    const cloned = await cloneDemoCopyAccount(options.db, accountId);
    if (!cloned) return reply.code(404).send({ error: 'No such demo copy.' });
    return reply.code(201).send(cloned);
  });

  control.post('/accounts/:accountId/clock', async (request, reply) => {
    const body = clockBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'at must be an ISO date-time or null.' });
    const { accountId } = request.params as AccountParams;
    const at = body.data.at === null ? null : new Date(body.data.at);
    if (!(await setAccountClock(options.db, accountId, at)))
      return reply.code(404).send({ error: 'No such account.' });
    return { accountId, at: body.data.at };
  });

  control.post('/accounts/:accountId/shift', async (request, reply) => {
    const body = shiftBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'ms must be a whole number.' });
    const { accountId } = request.params as AccountParams;
    if (!(await shiftDemoCopyAccount(options.db, accountId, body.data.ms)))
      return reply.code(404).send({ error: 'No such demo copy.' });
    return { accountId, ms: body.data.ms };
  });

  control.delete('/accounts/:accountId', async (request, reply) => {
    const { accountId } = request.params as AccountParams;
    if (!(await deleteDemoCopyAccount(options.db, accountId)))
      return reply.code(404).send({ error: 'No such demo copy.' });
    return { deleted: accountId };
  });

  control.post('/oauth/grant', async (request, reply) => {
    const body = grantBody.safeParse(request.body);
    if (!body.success)
      return reply.code(400).send({ error: 'Give account, client_id, redirect_uri and scope.' });
    if (body.data.client_id !== options.clientId)
      return reply.code(401).send({ error: 'The OAuth client was not found.' });
    const account = await findAccount(options.db, body.data.account);
    if (!account) return reply.code(404).send({ error: 'No such account.' });
    const code = await createAuthCode(options.db, {
      accountId: account.id,
      clientId: body.data.client_id,
      redirectUri: body.data.redirect_uri,
      scope: body.data.scope,
      codeChallenge: null,
      codeChallengeMethod: null,
      now: accountNow(account, options.clock.now()),
    });
    return { code };
  });
}
