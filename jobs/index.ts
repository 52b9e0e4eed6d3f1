import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../src/app-context';
import { registerMaintenanceJobs } from './maintenance';

/** Creates every queue and starts its workers. Called by the web process (WORKERS=true) and by `npm run worker`. */
export async function startWorkers(boss: PgBoss, app: AppContext): Promise<void> {
  await registerMaintenanceJobs(boss, app);
}
