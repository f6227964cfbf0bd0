// ESLint flat config: typescript-eslint (type-aware), React hooks, TanStack Query,
// no import cycles, and the bulletproof-react import direction: shared → features → app.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const SHARED_DIRS = ['components', 'config', 'lib', 'testing'];

export default defineConfig(
  { ignores: ['dist/', 'dist-ssr/', 'node_modules/', 'test-results/', 'src/lib/api/schema.d.ts'] },

  js.configs.recommended,

  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vite.config.ts'],
          defaultProject: 'tsconfig.node.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },

  {
    // Ambient declarations merge with library interfaces.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },

  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [
      reactHooks.configs.flat.recommended,
      pluginQuery.configs['flat/recommended'],
      // Only its settings (TypeScript extensions and parser): the one rule used is no-cycle below.
      importX.flatConfigs.typescript,
    ],
    languageOptions: { globals: globals.browser },
    settings: {
      // Resolves the @/ alias through tsconfig.json, so cycles through it are seen.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      '@tanstack/query/prefer-query-options': 'error',
      'import-x/no-cycle': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-syntax': [
        'error',
        {
          // staleTime: SOME_NAME, never a literal or a sum, so freshness reads in one place.
          selector:
            "Property[key.name='staleTime']:not([value.type='Identifier'], [value.type='MemberExpression']), Property[key.name='staleTime'][value.name='Infinity']",
          message: 'Name the staleTime (src/config/constants.ts) instead of passing a bare number.',
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../*'], message: 'Import across folders with the @/ alias.' }] },
      ],
    },
  },

  // Shared code imports neither features nor the app.
  {
    files: SHARED_DIRS.map((dir) => `src/${dir}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*', '@/app/*', '@/app'], message: 'Shared code must not import features or the app.' },
            { group: ['../../*'], message: 'Import across folders with the @/ alias.' },
          ],
        },
      ],
    },
  },

  // A feature imports neither the app nor another feature.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app/*', '@/app'], message: 'Features must not import the app.' },
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/*`],
              message: 'Features must not import other features; compose them in app/.',
            },
            { group: ['../../*'], message: 'Import across folders with the @/ alias.' },
          ],
        },
      ],
    },
  })),

  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },

  {
    // page.evaluate() callbacks in end-to-end tests run in the browser.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  {
    // The fake native side runs in the page (Playwright sends its source there) and in jsdom.
    files: ['src/testing/fake-native.js'],
    languageOptions: { globals: globals.browser },
  },

  {
    // The prerendered pages' boot script runs in the browser, as a plain script.
    files: ['src/prerender/boot.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
);
