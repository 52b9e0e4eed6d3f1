import type { Config } from '../config';
import { forbidden, unauthorized } from '../errors/app-error';
import type { Access, Caller, TeamAccess } from './declare/operation';
import { TEAM_MESSAGES } from '../shared/team';
import { isAdmin, isFounder } from '../auth';

const ADMIN_REQUIRED = 'Admin access required.';
const FOUNDER_REQUIRED = 'Founder tools are for the founder account only.';

/**
 * The one access check of every operation, for both transports: 401 without a session, 403 when
 * the operation needs an admin or the founder and the signed-in person is not one, and 403 when
 * a team viewer calls an operation that changes the owner's tests.
 */
export function authorize(
  config: Config,
  operation: { access: Access; team?: TeamAccess },
  caller: Caller | null,
): void {
  const { access } = operation;
  if (access === 'public') return;
  if (!caller) throw unauthorized();
  if (access === 'admin' && !isAdmin(config, caller.actor)) throw forbidden(ADMIN_REQUIRED);
  if (access === 'founder' && !isFounder(config, caller.actor)) throw forbidden(FOUNDER_REQUIRED);
  if (operation.team === 'edit' && caller.role === 'viewer') throw forbidden(TEAM_MESSAGES.viewerReadOnly);
}
