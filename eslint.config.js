import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

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
        { type: 'features', pattern: 'apps/web/src/features' },
        { type: 'app', pattern: 'apps/web/src/app' },
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
          ],
        },
      ],
    },
  },
  { files: ['bench/**', 'scripts/**', 'e2e/**', 'apps/server/src/eval/**', 'apps/web/scripts/**'], rules: { 'no-console': 'off' } },
);
