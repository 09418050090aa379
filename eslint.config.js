import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/** The server's modules (apps/server/src/modules/<name>/), each reached by the others only through its face. */
const serverModules = readdirSync(new URL('./apps/server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/**', 'data/**', 'bench/results/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Text clean-up strips control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The shared package's root holds the zod schemas (some 90 KB): the web app takes only types
    // from it, and values from its zod-free entry points, so zod stays out of the browser.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@charla/shared',
              allowTypeImports: true,
              message: 'Import values from @charla/shared/constants, /input-rules or /notices (zod-free); only types from the root.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app's import direction: shared → lib → components → features → app. A layer imports
    // its own layer and those before it, never one after it (a feature never imports app/).
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['apps/web/src/**/*', 'packages/shared/src/**/*'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'packages/shared/src' },
        { type: 'lib', pattern: 'apps/web/src/lib' },
        { type: 'components', pattern: 'apps/web/src/components' },
        { type: 'features', pattern: 'apps/web/src/features/*', capture: ['area'] },
        { type: 'app', pattern: 'apps/web/src/app' },
      ],
      'boundaries/files': [
        { category: 'face', pattern: 'apps/web/src/features/*/{index.ts,*/index.ts}' },
        { category: 'page', pattern: 'apps/web/src/features/**/*-{page,pages}.tsx' },
        { category: 'test', pattern: 'apps/web/src/**/*.test.{ts,tsx}' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            { from: { element: { type: 'shared' } }, disallow: { to: { element: { types: { anyOf: ['lib', 'components', 'features', 'app'] } } } } },
            { from: { element: { type: 'lib' } }, disallow: { to: { element: { types: { anyOf: ['components', 'features', 'app'] } } } } },
            { from: { element: { type: 'components' } }, disallow: { to: { element: { types: { anyOf: ['features', 'app'] } } } } },
            { from: { element: { type: 'features' } }, disallow: { to: { element: { type: 'app' } } } },
            // A feature is reached from outside only through its face: features/<area>/index.ts,
            // or <area>/<part>/index.ts for a part only one page shows. The router loads pages
            // lazily by their path, and tests may reach further.
            {
              from: { element: { types: { anyOf: ['features', 'app'] } } },
              disallow: { to: { element: { type: 'features' } } },
              message: 'Import another feature through its index.ts (see "Web" in docs/architecture.md).',
            },
            { from: { element: { type: 'features' } }, allow: { dependency: { relationship: { to: 'internal' } } } },
            { from: { element: { types: { anyOf: ['features', 'app'] } } }, allow: { to: { file: { categories: 'face' } } } },
            { from: { element: { type: 'app' } }, allow: { to: { file: { categories: 'page' } }, dependency: { nodeKind: 'dynamic-import' } } },
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'features' } } } },
          ],
        },
      ],
    },
  },
  // The server's import directions: modules never import a channel; a module or a channel reaches
  // another module only through its face (index.ts or <module>.module.ts) and its *.table.ts; a
  // channel reaches the conversations module only through its ports; the engine imports nothing outside engine/
  // but the server's settings (its knowledge search and calendar arrive as ports).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/test-support/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'server-engine', pattern: 'apps/server/src/engine', partialMatch: false },
        { type: 'server-channel', pattern: 'apps/server/src/channels', partialMatch: false },
        { type: 'server-module', pattern: 'apps/server/src/modules/*', partialMatch: false, capture: ['module'] },
        { type: 'server-shared', pattern: 'apps/server/src/{lib,db,plugins,seed,eval,test}', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'ports', pattern: 'apps/server/src/modules/*/ports.ts' },
        { category: 'table', pattern: 'apps/server/src/**/*.table.ts' },
        { category: 'face', pattern: 'apps/server/src/modules/*/{index,*.module}.ts' },
        { category: 'server-settings', pattern: 'apps/server/src/config.ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'server-module' } },
              disallow: { to: { element: { type: 'server-channel' } } },
              message: 'A module never imports a channel: the channel registers itself in the conversations registry.',
            },
            // Another module's face (its index.ts or <module>.module.ts) and its tables, nothing else.
            ...serverModules.map((module) => ({
              from: { element: { type: 'server-module', captured: { module } } },
              disallow: { to: { element: { type: 'server-module', captured: { module: `!${module}` } } } },
              message: 'A module reaches another module only through its face (index.ts or its *.module.ts) and its *.table.ts.',
            })),
            {
              from: { element: { type: 'server-channel' } },
              disallow: { to: { element: { type: 'server-module' } } },
              message: 'A channel reaches a module only through its face (index.ts or its *.module.ts) and its *.table.ts.',
            },
            { from: { element: { types: { anyOf: ['server-module', 'server-channel'] } } }, allow: { to: { file: { categories: { anyOf: ['face', 'table'] } } } } },
            {
              from: { element: { type: 'server-channel' } },
              disallow: { to: { element: { type: 'server-module', captured: { module: 'conversations' } } } },
              message: 'A channel reaches the conversations module only through modules/conversations/ports.ts.',
            },
            { from: { element: { type: 'server-channel' } }, allow: { to: { file: { categories: 'ports' } } } },
            // A channel's table may reference a message by its foreign key.
            { from: { file: { categories: 'table' } }, allow: { to: { file: { categories: 'table' } } } },
            {
              from: { element: { type: 'server-engine' } },
              disallow: { to: { element: { types: { anyOf: ['server-module', 'server-channel', 'server-shared'] } } } },
              message: 'The engine depends on ports (engine/ports.ts), never on a module, a channel or the server.',
            },
          ],
        },
      ],
    },
  },
  { files: ['bench/**', 'scripts/**', 'e2e/**', 'apps/server/src/eval/**', 'apps/web/scripts/**'], rules: { 'no-console': 'off' } },
);
