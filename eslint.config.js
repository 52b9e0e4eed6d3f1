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
    // rules (constants, no Node imports) that the web app uses at runtime.
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // gitignore semantics: a file under an excluded folder cannot be re-included, so
              // exclude src's direct entries and re-include src/shared (and with it its files).
              group: ['**/src/*', '!**/src/shared', '**/db/**', '**/jobs/**'],
              allowTypeImports: true,
              message: 'web/ imports only types from the server.',
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
