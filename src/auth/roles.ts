import type { Config } from '../config';
import type { UserRow } from '../../db/schema/users';

/**
 * The founder's tools (Simulate Rotation, Force Analytics, fast-forward): FOUNDER_EMAILS, and with
 * the simulator every demo account, so a newcomer sees every tool, on their own tests only (a
 * demo visitor's fast-forward moves their own copy's clock: docs/decisions/0003, 0022). Being a
 * demo's founder makes nobody an admin.
 */
export function isFounder(config: Config, user: Pick<UserRow, 'email' | 'isDemo'>): boolean {
  if (config.google.simulator && user.isDemo) return true;
  return config.founderEmails.includes(user.email.toLowerCase());
}

/**
 * Admin access is decided here and only here: the isAdmin flag, or an admin/founder e-mail. A demo
 * account is none of these unless an operator lists its e-mail.
 */
export function isAdmin(config: Config, user: Pick<UserRow, 'email' | 'isAdmin'>): boolean {
  const email = user.email.toLowerCase();
  return user.isAdmin || config.adminEmails.includes(email) || config.founderEmails.includes(email);
}
