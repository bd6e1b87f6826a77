import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Imports the pure packages must never make (DESIGN.md: pure core, thin shells).
import impureModules from './scripts/impure-modules.cjs';

// Focused tests (.only) must not be committed: everywhere.
const focusedTests = {
  selector:
    "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
  message: 'Focused tests (.only) must not be committed.',
};

// A stream or a child process whose 'error' event has no listener ends the process when it
// fires (a missing file, a tool that cannot start). Files are streamed through
// `openReadStream` (apps/server/src/storage/read-stream.ts), which opens the file first; the
// pipeline and render packages start tools only through @storyloom/process, which handles 'error'.
const bareStreams = [
  {
    selector: "CallExpression[callee.name='createReadStream']",
    message:
      'Stream files with openReadStream (storage/read-stream.ts): it handles a missing file.',
  },
  {
    selector: "CallExpression[callee.property.name='createReadStream']",
    message:
      'Stream files with openReadStream (storage/read-stream.ts): it handles a missing file.',
  },
];
const bareChildProcesses = [
  {
    selector: 'ImportDeclaration[source.value=/^(node:)?child_process$/]',
    message:
      'Start tools with runProcess (@storyloom/process) or its wrappers runFfmpeg, ffprobe, runTool: they handle the child process errors, abort and time limit.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            '.*.cjs',
            'scripts/*.cjs',
            'scripts/*.mjs',
            'apps/*/*.mjs',
          ],
        },
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
      'no-restricted-syntax': ['error', focusedTests],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', focusedTests, ...bareStreams] },
  },
  {
    files: [
      'packages/render/src/**/*.ts',
      'packages/pipeline/src/**/*.ts',
      'packages/process/src/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', focusedTests, ...bareStreams, ...bareChildProcesses],
    },
  },
  {
    // The wrapper and the process runner itself.
    files: ['apps/server/src/storage/read-stream.ts', 'packages/process/src/run-process.ts'],
    rules: { 'no-restricted-syntax': ['error', focusedTests] },
  },
  {
    files: ['packages/core/src/**', 'packages/timeline/src/**', 'packages/compose/src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: impureModules.flatMap((name) => [name, `node:${name}`]),
          patterns: [
            { group: ['@storyloom/*/src/*'], message: 'Use the package entry point.' },
            {
              group: ['**/apps/*', '../../apps/*'],
              message: 'A package never imports from an app.',
            },
          ],
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
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        module: 'writable',
        require: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
