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

/** The files of the one writer of a diagram's row (diagrams/writer.ts and the two only it imports). */
const ROW_WRITER_FILES = [
  'src/server/diagrams/writer.ts',
  'src/server/diagrams/row-writes.ts',
  'src/server/diagrams/record-version.ts',
];

/** Writes of a diagram's row or of its versions anywhere but the writer's files. */
const ROW_WRITES_ELSEWHERE = [
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
];

/**
 * A second writer instance: only app.ts builds one. Any other would be joined to no live
 * document and held to the default size limit, so its writes would be lost to the next live fold.
 */
const ONE_WRITER =
  'The app builds the one diagram writer (app.ts): take it as a parameter (type DiagramWriter) instead of calling diagramWriter().';
const WRITER_BUILT_ELSEWHERE = [
  { selector: "ImportSpecifier[imported.name='diagramWriter']", message: ONE_WRITER },
  { selector: "CallExpression[callee.name='diagramWriter']", message: ONE_WRITER },
  { selector: "MemberExpression[property.name='diagramWriter']", message: ONE_WRITER },
];

/**
 * Files that describe a role rather than decide what its holder may do: the badge beside the
 * title (which icon, which hint), the 'can view' / 'can edit' wording, the presence strip's
 * 'viewing' / 'editing'.
 */
const ROLE_DESCRIBING_FILES = [
  'src/client/features/share/AccessBadge.tsx',
  'src/client/features/share/copy.ts',
  'src/client/features/editor/presence/PresenceStrip.tsx',
];

/**
 * A role name compared with an `access` or `role` (a variable or a property), either way round,
 * or a switch over one: what a person may do is `can(access, action)`'s answer
 * (src/shared/policy/can.ts), never a comparison of role names.
 */
const ROLE_MESSAGE =
  'Ask can(access, action) (src/shared/policy/can.ts) what the person may do instead of comparing role names; a file that only describes a role belongs in ROLE_DESCRIBING_FILES.';
const ROLE_NAME = '/^(owner|editor|viewer)$/';
const ACCESS_OR_ROLE = '/^(access|role)$/';
const ROLE_COMPARED = [
  ...['left', 'right'].flatMap((side) => {
    const other = side === 'left' ? 'right' : 'left';
    return [`${other}.name`, `${other}.property.name`].map((holder) => ({
      selector: `BinaryExpression[operator=/^[!=]==?$/][${side}.value=${ROLE_NAME}][${holder}=${ACCESS_OR_ROLE}]`,
      message: ROLE_MESSAGE,
    }));
  }),
  ...['discriminant.name', 'discriminant.property.name'].map((holder) => ({
    selector: `SwitchStatement[${holder}=${ACCESS_OR_ROLE}] > SwitchCase[test.value=${ROLE_NAME}]`,
    message: ROLE_MESSAGE,
  })),
];

/**
 * The ids of src/shared/output-formats.ts's table (a test checks this list against it). Two of them
 * together in an array or a union type is a hand-written list of formats: every list of formats
 * is derived from the table (formatsOn, TEXT_FORMATS, FormatOn<…>), so a surface never drifts.
 */
export const OUTPUT_FORMAT_IDS = [
  'svg',
  'jpeg',
  'png',
  'webp',
  'pdf',
  'txt',
  'ascii',
  'description',
];
const FORMAT_ID = `/^(${OUTPUT_FORMAT_IDS.join('|')})$/`;
const FORMAT_MESSAGE =
  'Derive lists of output formats from the table in src/shared/output-formats.ts (formatsOn, menuFormats, TEXT_FORMATS, FormatOn<…>) instead of writing one.';
const FORMAT_LISTS = [
  {
    selector: `ArrayExpression > Literal[value=${FORMAT_ID}] ~ Literal[value=${FORMAT_ID}]`,
    message: FORMAT_MESSAGE,
  },
  {
    selector: `TSUnionType > TSLiteralType[literal.value=${FORMAT_ID}] ~ TSLiteralType[literal.value=${FORMAT_ID}]`,
    message: FORMAT_MESSAGE,
  },
];
/** Where FORMAT_LISTS does not apply: the table itself, and tests (which may name formats). */
const FORMAT_TABLE_AND_TESTS = [
  'src/shared/output-formats.ts',
  'src/**/*.test.ts',
  'src/**/*.test.tsx',
];

/**
 * Suites over the test databases register with describeEach, which skips (with the reason) a
 * database that is not there; a bare describe.each opens it anyway and fails without a server.
 */
const DATABASES_WITHOUT_SKIP = [
  {
    selector:
      "CallExpression[callee.object.name='describe'][callee.property.name='each'] > Identifier[name='testDatabases']",
    message:
      'Register suites over testDatabases with describeEach (test/support/needs.ts): it skips a database that is not there.',
  },
];

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
    // One table of output formats. Later blocks that set no-restricted-syntax repeat FORMAT_LISTS.
    files: ['src/**/*.{ts,tsx}'],
    ignores: FORMAT_TABLE_AND_TESTS,
    rules: { 'no-restricted-syntax': ['error', ...FORMAT_LISTS] },
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
    // Who may do what is the shared permission table's answer; the client compares no roles.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ROLE_DESCRIBING_FILES,
    rules: { 'no-restricted-syntax': ['error', ...ROLE_COMPARED] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: [...ROLE_DESCRIBING_FILES, ...FORMAT_TABLE_AND_TESTS],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_COMPARED, ...FORMAT_LISTS] },
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
    // One way down: only the app's wiring (app.ts, and public-api/index.ts and oauth/index.ts
    // for their groups) imports a route file; routes call stores and shared replies, never
    // another route file.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/app.ts',
      'src/server/public-api/index.ts',
      'src/server/oauth/index.ts',
      'src/server/**/*.test.ts',
    ],
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
    ignores: [...ROW_WRITER_FILES, 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ROW_WRITES_ELSEWHERE,
        ...WRITER_BUILT_ELSEWHERE,
        ...FORMAT_LISTS,
      ],
    },
  },
  {
    // The app's wiring builds the one writer instance; it writes no row itself.
    files: ['src/server/app.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ROW_WRITES_ELSEWHERE, ...FORMAT_LISTS] },
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
  {
    files: ['test/**/*.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...DATABASES_WITHOUT_SKIP] },
  },
);
