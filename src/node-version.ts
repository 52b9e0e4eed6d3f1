const REQUIRED_MAJOR = 24;

/** Fails loudly on an older Node: `npm run …` uses the pinned Node 24 from node_modules. */
export function assertNodeVersion(version = process.versions.node): void {
  const major = Number(version.split('.')[0]);
  if (major < REQUIRED_MAJOR) {
    console.error(
      `Titlewise needs Node ${REQUIRED_MAJOR} or newer; this is Node ${version}. Run it through npm (npm start), which uses the pinned Node ${REQUIRED_MAJOR}.`,
    );
    process.exit(1);
  }
}
