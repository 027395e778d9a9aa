import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The client's import rules. A later block's no-restricted-imports replaces an earlier one for
 * the files it matches, so each client block repeats these and adds its own patterns.
 */
function clientImports(...extraPatterns) {
  return {
    paths: [
      {
        name: 'zod',
        message:
          "Import z from src/shared/zod.ts: it turns off zod's eval probe, which the CSP forbids.",
      },
    ],
    patterns: [
      {
        group: ['**/server/**', '*/server/*'],
        message: 'Client code cannot import server code.',
      },
      ...extraPatterns,
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-bench',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'bench/results',
      'reports',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', clientImports()],
    },
  },
  {
    // The open diagram is a layer below the features: they import it, it imports none of them.
    files: ['src/client/diagram/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        clientImports({
          group: ['@/features', '@/features/**', '**/features', '**/features/**'],
          message:
            'src/client/diagram imports no feature: move what it needs into diagram/ (or lib/, components/ui/).',
        }),
      ],
    },
  },
  {
    // The editor is the top floor: other features never reach into it (App.tsx may).
    files: ['src/client/features/**/*.{ts,tsx}'],
    ignores: ['src/client/features/editor/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        clientImports({
          group: [
            '@/features/editor',
            '@/features/editor/**',
            '**/features/editor/**',
            '../editor/**',
          ],
          message:
            "A feature imports no editor file: the open diagram's model is in src/client/diagram.",
        }),
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'Server code cannot import client code.' },
          ],
        },
      ],
    },
  },
  {
    // One way down: only the app's wiring (app.ts, and public-api/index.ts for its group)
    // imports a route file; routes call stores and shared replies, never another route file.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/app.ts', 'src/server/public-api/index.ts', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'Server code cannot import client code.' },
            {
              group: ['**/routes.js', '**/*-routes.js', './routes', '**/routes', '**/*-routes'],
              message:
                'Only the wiring imports a route file: put what both need beside its store (e.g. replies.ts, common.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // One writer of a diagram's row: only diagrams/writer.ts (with row-writes.ts and
    // record-version.ts, which only it imports) inserts or updates diagrams and writes versions.
    // Tests may seed rows directly.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/diagrams/writer.ts',
      'src/server/diagrams/row-writes.ts',
      'src/server/diagrams/record-version.ts',
      'src/server/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(insert|update)$/][arguments.0.name='diagrams']",
          message:
            "Write a diagram's row through diagrams/writer.ts, the one writer of title, text and updatedAt.",
        },
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(insert|update|delete)$/][arguments.0.name='diagramVersions']",
          message: 'Versions are recorded by diagrams/writer.ts alone (record-version.ts).',
        },
        {
          selector: 'ImportDeclaration[source.value=/record-version(\\.js)?$/]',
          message: 'Only diagrams/writer.ts records versions: call the writer.',
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message:
                "Import z from src/shared/zod.ts: it turns off zod's eval probe, which the CSP forbids.",
            },
          ],
          patterns: [
            {
              group: ['**/client/**', '**/server/**'],
              message: 'Shared code imports only shared code.',
            },
          ],
        },
      ],
    },
  },
);
