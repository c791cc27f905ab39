import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features are islands: compose them in app/, share through components/, lib/, packages/shared.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/*/**', '../../features/*'], message: 'A feature must not import another feature.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // user-event waits a timer between keystrokes by default: a tenth of the web suite's time, and
    // a test that passed only because of that wait was waiting for the clock, not for its answer.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='userEvent'][callee.property.name='setup']:not(:has(Property[key.name='delay']))",
          message: 'Set up user-event with { delay: null }: wait for what the test expects, not for a timer.',
        },
      ],
    },
  },
  {
    // All SQL goes through Kysely's builders; raw `sql` templates may not interpolate strings built from input.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='raw'][callee.object.name='sql']",
          message: 'sql.raw is forbidden: use parameters.',
        },
      ],
    },
  },
);
