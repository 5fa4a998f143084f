import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './tools/eslint-boundaries.mjs';
import {
  jointTableWrite,
  stateColumnWrite,
  stateLiteralWrite,
} from './tools/eslint-state-writes.mjs';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // Web features never import each other, ui/ never imports a feature or the app, and a server
    // module is entered only through its index.ts (tools/eslint-boundaries.mjs, with its tests).
    files: ['packages/web/src/**/*.{ts,tsx}', 'packages/server/src/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/zones': 'error' },
  },
  {
    // States change only through their machines in domain: no state literal in a database write
    // (tools/eslint-state-writes.mjs, with its test); cases, permissions and citizen messages
    // only through changeState.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', stateLiteralWrite, stateColumnWrite, jointTableWrite],
    },
  },
  {
    // The one writer of case, permission and citizen message states (issue #32).
    files: ['packages/server/src/lib/state-change.ts'],
    rules: { 'no-restricted-syntax': ['error', stateLiteralWrite, jointTableWrite] },
  },
  {
    // The one writer of the joint declarations' tables (issue #35).
    files: ['packages/server/src/modules/joint/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', stateLiteralWrite, stateColumnWrite] },
  },
  {
    // The domain package is pure: no I/O, no server or web code.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', '@dilosi/server', '@dilosi/web', 'react'] },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@dilosi/server', '@dilosi/server/*'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
);
