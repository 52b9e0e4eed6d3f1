import { buildWebIfStale } from '../../scripts/web-build';

/**
 * Builds the web app once per e2e run when dist/web is missing or older than any web source,
 * so browser tests always run against the bundle the server would serve.
 */
export default function setup() {
  buildWebIfStale(process.cwd(), (line) => console.log(`[e2e] ${line}`));
}
