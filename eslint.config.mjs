// One lint configuration for every workspace: typescript-eslint's recommended rules, React hooks
// and accessibility (jsx-a11y) for the portal. `npm run lint` and `npm test` run it.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/package-dist/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.data/**',
      'libs/api-client/src/schema.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Nest's decorators need the classes at run time; `import type` would break injection.
      '@typescript-eslint/no-require-imports': 'off',
      // Refusing control characters in input and headers is deliberate here, and needs them in patterns.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['nest-api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['remix-app/**/*.{ts,tsx,js}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['remix-app/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
