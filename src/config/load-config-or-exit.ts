import { ConfigError, loadConfig, type Config } from './index';

/**
 * An entry point's configuration (`npm start`, `npm run worker`): read from the environment once;
 * a bad value prints its message and ends the process, since nothing can run without it.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
