import { ADMIN_REQUIRED } from '../api/access';
import { isAdmin } from '../auth/roles';
import type { UserRow } from '../auth/session.service';
import type { Config } from '../config';
import { forbidden } from '../errors/app-error';

/** Admin services check their actor themselves too, so no caller can forget the role check. */
export function assertAdmin(config: Config, actor: UserRow): void {
  if (!isAdmin(config, actor)) throw forbidden(ADMIN_REQUIRED);
}
