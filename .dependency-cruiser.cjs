/**
 * dependency-cruiser (`npm run check:cycles`, part of `npm run lint`): the folder rules of
 * ARCHITECTURE.md, checked on the imports of the server (src/, jobs/, db/) and the web app
 * (web/src/). Type-only imports count as much as run-time ones (tsPreCompilationDeps: true): a
 * folder that names another's types depends on it as surely as one that calls it (docs/decisions/0052);
 * tests are left out; dynamic import() counts.
 *
 * Folder cycles (docs/decisions/0018) are checked on dependency-cruiser's folder graph
 * (scope: 'folder'): every directory is a node, src/youtube and src/youtube/gateway included.
 * In that graph a folder's edges only point outside it, so src/ itself has no edge into its
 * own subfolders, and a cycle through a file at the root of src/ would go unseen. Two module
 * rules close that gap: the entry points are imported only by entry points, and every other
 * root file imports no folder of src/.
 */

/** Files that assemble the features: nothing but another entry point imports them. */
const ENTRY_POINTS = '^(src/(main|worker|demo-prepare|web-process|app|app-context)\\.ts|web/src/main\\.tsx)$';

/**
 * Subfolders that import their parent folder's files, whose parent's files therefore do not
 * import them (each pair of folders imports one way only).
 */
const LOWER_ROOTS = '^src/(youtube/gateway|billing/simulated|api/trpc)/';

/**
 * The product's features (folders of src/ that are neither infrastructure nor adapters): each has a
 * front door, its index.ts, and the rest of the server (other features, jobs/, the entry points)
 * imports only that. The web app imports the API contract's types (`*.schemas.ts`) directly: they
 * vanish from its JavaScript, and the front doors would pull server code into its type graph only.
 * Infrastructure (platform, context, db, config, crypto, shared, time, http, errors, statistics,
 * observability, api) and the YouTube adapters (youtube, youtube-simulator) are not features.
 */
const FEATURES = [
  'admin',
  'analytics',
  'audit',
  'auth',
  'billing',
  'capacity',
  'channels',
  'demo',
  'images',
  'learning',
  'mail-catcher',
  'notifications',
  'privacy',
  'reports',
  'team',
  'title-tests',
  'videos',
];

/** A feature's subfolder that builds on its parent (LOWER_ROOTS) has a front door of its own. */
const SUBFOLDER_DOORS = { billing: 'simulated/' };

const frontDoorRules = FEATURES.map((feature) => ({
  name: `features-enter-by-the-front-door-${feature}`,
  severity: 'error',
  comment: `Outside src/${feature}, the server imports src/${feature}/index.ts only (docs/decisions/0052).`,
  from: { path: '^(src|jobs)/', pathNot: `^src/${feature}/` },
  to: {
    path: `^src/${feature}/`,
    pathNot: `^src/${feature}/(${SUBFOLDER_DOORS[feature] ?? ''})?index\\.ts$`,
  },
}));

/** The web app's layers, lowest first: a layer imports only the layers before it. */
const WEB_LAYERS = ['lib', 'api', 'auth', 'components', 'shell', 'pages', 'routes', 'app'];

/**
 * Imports that break the layer order today, listed so they stay the only ones.
 * TODO(issue 27): lib/connected-channels.ts is a tRPC query hook (it imports api/trpc); it belongs
 * in web/src/api/, which may import lib/channel-choice. Its three importers were being edited
 * when dependency-cruiser came in, so the move waits.
 */
const KNOWN_LAYER_EXCEPTIONS = { lib: '^web/src/lib/connected-channels\\.ts$' };

/**
 * The title-test feature's rooms, lowest first (docs/decisions/0031): a room imports only the rooms
 * before it (and the feature's root: schemas, job declarations). Cycles between rooms already fail
 * no-folder-cycle; this keeps the order, so a new import cannot run up one way.
 */
const TITLE_TEST_ROOMS = ['records', 'figures', 'engine', 'simulation'];

const titleTestRoomRules = TITLE_TEST_ROOMS.slice(0, -1).map((room, index) => ({
  name: `title-test-room-${room}`,
  severity: 'error',
  comment: `src/title-tests/${room} is below ${TITLE_TEST_ROOMS.slice(index + 1).join(', ')} (docs/decisions/0031): it may not import them.`,
  from: { path: `^src/title-tests/${room}/` },
  to: { path: `^src/title-tests/(${TITLE_TEST_ROOMS.slice(index + 1).join('|')})/` },
}));

const webLayerRules = WEB_LAYERS.slice(0, -1).map((layer, index) => ({
  name: `web-layer-${layer}`,
  severity: 'error',
  comment: `web/src/${layer} is below ${WEB_LAYERS.slice(index + 1).join(', ')} (ARCHITECTURE.md, "Web app layers"): it may not import them.`,
  from: {
    path: `^web/src/${layer}/`,
    ...(KNOWN_LAYER_EXCEPTIONS[layer] && { pathNot: KNOWN_LAYER_EXCEPTIONS[layer] }),
  },
  to: { path: `^web/src/(${WEB_LAYERS.slice(index + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'Folders do not import each other in a cycle (ARCHITECTURE.md, docs/decisions/0018).',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'entry-points-imported-by-entry-points-only',
      severity: 'error',
      comment: 'A feature that imported the app (or main, worker, web-process) would close a folder cycle.',
      from: { pathNot: ENTRY_POINTS },
      to: { path: ENTRY_POINTS },
    },
    {
      name: 'src-root-files-import-no-folder',
      severity: 'error',
      comment:
        'Files at the root of src/ other than the entry points (shutdown, node-version) are start-up helpers of the entry points, so they import no folder.',
      from: { path: '^src/[^/]+\\.ts$', pathNot: ENTRY_POINTS },
      to: { path: '^src/[^/]+/' },
    },
    {
      name: 'subfolder-imports-no-parent-root',
      severity: 'error',
      comment:
        "A subfolder does not import its parent folder's own files at run time (the parent's files import it: src/title-tests and its rooms, src/api and declare/): the two would import each other, which the folder graph cannot see. The subfolders in LOWER_ROOTS go the other way.",
      from: { path: '^(src/[^/]+)/[^/]+/', pathNot: LOWER_ROOTS },
      to: { path: '^$1/[^/]+\\.ts$' },
    },
    {
      name: 'parent-root-imports-no-upper-subfolder',
      severity: 'error',
      comment:
        "The subfolders in LOWER_ROOTS build on their parent's files (the gateway on the quota ledger, the simulated Stripe on the plans, the tRPC router on the operations), so the parent's files do not import them; the entry points wire them.",
      from: { path: '^src/(youtube|billing|api)/[^/]+\\.ts$' },
      to: { path: '^src/$1/(gateway|simulated|trpc)/' },
    },
    {
      name: 'platform-at-the-bottom',
      severity: 'error',
      comment:
        'src/platform (the clock, the project root, metrics, spans, concurrency limits) is what everything stands on: it imports nothing else of src/, types included. The service context and the job kit, which name the database, are one floor up in src/context.',
      from: { path: '^src/platform/' },
      to: { path: '^src/', pathNot: '^src/platform/' },
    },
    {
      name: 'context-knows-no-feature',
      severity: 'error',
      comment:
        "src/context (the service context and the job kit) stands on the platform, the database, the configuration and the token cipher only: a feature that needs more declares its own context extending it (the title-test engine's, billing's), and src/app-context.ts assembles them.",
      from: { path: '^src/context/' },
      to: { path: '^src/', pathNot: '^src/(context|platform|db|config|crypto)/' },
    },
    {
      name: 'features-do-not-import-the-job-registry',
      severity: 'error',
      comment:
        "jobs/ lists every feature's job definitions, so only the entry points (src/app.ts) may import it; a feature declares and sends its jobs with src/context/job.ts.",
      from: { path: '^src/', pathNot: ENTRY_POINTS },
      to: { path: '^jobs/' },
    },
    ...frontDoorRules,
    ...webLayerRules,
    ...titleTestRoomRules,
    {
      name: 'web-page-imports-no-other-page',
      severity: 'error',
      comment:
        'A page imports no other page: what two pages share goes to web/src/components/<name>/ (ARCHITECTURE.md).',
      from: { path: '^web/src/pages/([^/]+)/' },
      to: { path: '^web/src/pages/', pathNot: '^web/src/pages/$1/' },
    },
  ],
  options: {
    includeOnly: '^(src|jobs|db|web/src)/',
    exclude: { path: ['\\.(test|e2e)\\.tsx?$', '\\.d\\.ts$', '^db/migrations/'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // The folder graph (for scope: 'folder' rules) is derived with the metrics.
    metrics: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
