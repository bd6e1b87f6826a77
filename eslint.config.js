import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Imports the pure packages must never make (DESIGN.md: pure core, thin shells).
const impureModules = [
  'react',
  'react-dom',
  'fastify',
  'pg',
  'pg-boss',
  '@electric-sql/pglite',
  'drizzle-orm',
  'fs',
  'fs/promises',
  'child_process',
  'net',
  'http',
  'https',
  'path',
  'os',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'apps/*/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@storyloom/*/src/*', '@storyloom/*/src'],
              message: 'Import a package through its entry point, not a deep path.',
            },
            {
              group: ['**/apps/*', '../../apps/*'],
              message: 'A package never imports from an app.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: 'Focused tests (.only) must not be committed.',
        },
      ],
    },
  },
  {
    files: ['packages/core/src/**', 'packages/timeline/src/**', 'packages/compose/src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: impureModules.flatMap((name) => [name, `node:${name}`]),
          patterns: [{ group: ['@storyloom/*/src/*'], message: 'Use the package entry point.' }],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'fetch',
        'setTimeout',
        'setInterval',
        'requestAnimationFrame',
        'process',
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
