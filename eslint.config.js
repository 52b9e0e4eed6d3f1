import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', 'db/migrations', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify hooks, plugins and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config only.' },
      ],
    },
  },
  {
    // The web app may only import types from the server, at any depth; src/shared holds pure
    // rules (constants, no Node imports) that the web app uses at runtime, and the block below
    // keeps it pure, so the boundary holds through it too. The web app names them by the aliases
    // of package.json's "imports" (docs/decisions/0054): #server/… (src/, types only) and
    // #shared/… (src/shared); the relative paths stay forbidden too.
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // gitignore semantics: a file under an excluded folder cannot be re-included, so
              // exclude src's direct entries and re-include src/shared (and with it its files).
              // The other top-level folders hold server, build and test code only.
              group: [
                '**/src/*',
                '!**/src/shared',
                '**/jobs/**',
                '**/db/**',
                '**/scripts/**',
                '**/bench/**',
                '**/test/**',
              ],
              allowTypeImports: true,
              message: 'web/ imports only types from the server; shared rules live in src/shared.',
            },
            {
              regex: '^#server/',
              allowTypeImports: true,
              message: 'web/ imports only types from the server (#server/…); shared rules live in #shared/….',
            },
            {
              regex: '^#server/shared/',
              message: 'Import src/shared as #shared/….',
            },
            {
              regex: '^node:',
              message: 'The web app runs in the browser: no Node built-ins.',
            },
            {
              // '../src/shared/../db' or '../src/./db' would walk past the patterns above.
              regex: String.raw`(^|/)(?!\.\.?/)[^/]+/\.\.?(/|$)`,
              message: 'Write the import path without . or .. after a folder name.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // Lazy imports are not seen by the rule above: the same folders, checked here.
          selector: String.raw`ImportExpression[source.value=/(^|\x2F)(src\x2F(?!shared\x2F)|jobs\x2F|db\x2F|scripts\x2F|bench\x2F|test\x2F)|^#server\x2F|(^|\x2F)(?!\.\.?\x2F)[^\x2F]+\x2F\.\.?(\x2F|$)/]`,
          message: 'web/ imports only types from the server; shared rules live in src/shared.',
        },
        {
          selector: "ImportExpression[source.type!='Literal']",
          message: 'Give import() a plain string, so the server boundary can be checked.',
        },
      ],
      // One program checks the server and the web app, with Node's types and the DOM's together
      // (docs/decisions/0054), so the compiler does not catch Node's globals in the browser's code.
      // This does.
      'no-restricted-globals': [
        'error',
        ...[
          'process',
          'Buffer',
          'global',
          'require',
          'module',
          '__dirname',
          '__filename',
          'setImmediate',
        ].map((name) => ({ name, message: 'The web app runs in the browser: no Node globals.' })),
      ],
    },
  },
  {
    // src/shared is what web/ runs of the server's code: its modules import one another and, as
    // types only, the rest of the server; no Node built-ins and no packages but zod.
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./`,
              allowTypeImports: true,
              message: 'src/shared runs in the browser: import only types from the rest of the server.',
            },
            {
              regex: String.raw`^(?!\.\.?/|zod$)`,
              allowTypeImports: true,
              message:
                'src/shared runs in the browser: no Node built-ins or server packages (zod is allowed).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/config/**', 'test/**', 'bench/**', '*.config.ts', '*.config.js'],
    rules: { 'no-restricted-properties': 'off' },
  },
  { files: ['**/*.{js,cjs}'], ...tseslint.configs.disableTypeChecked },
);
