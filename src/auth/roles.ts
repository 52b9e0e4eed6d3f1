import type { Config } from '../config';
import type { UserRow } from './session.service';

export function isFounder(config: Config, user: Pick<UserRow, 'email'>): boolean {
  return config.founderEmails.includes(user.email.toLowerCase());
}

/** Admin access is decided here and only here: the isAdmin flag, or an admin/founder e-mail. */
export function isAdmin(config: Config, user: Pick<UserRow, 'email' | 'isAdmin'>): boolean {
  const email = user.email.toLowerCase();
  return user.isAdmin || config.adminEmails.includes(email) || config.founderEmails.includes(email);
}
