// Lint for the front end: TypeScript's recommended rules and the rules of hooks. Type-aware rules are
// left to `npm run typecheck` (tsc, strict), which is faster than type-aware lint on two cores.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureBoundaries from './apps/shared/scripts/eslint-feature-boundaries.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/shared/src/api/schema.ts', 'e2e/artifacts/**', 'target/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // HTML goes into a page only through the one RichText component and its cleaner (see its file):
      // stored text comes from people, and a script in it would run as every learner and admin.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Show rich text with <RichText html={...} /> from @olympiad/shared/ui/lean/rich-text.',
        },
        {
          selector: "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]",
          message: 'Put HTML into an element with putRichHtml from @olympiad/shared/ui/lean/rich-text.',
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|setHTMLUnsafe)$/], CallExpression[callee.object.name='document'][callee.property.name=/^write(ln)?$/]",
          message: 'HTML goes into a page only through @olympiad/shared/ui/lean/rich-text.',
        },
      ],
    },
  },
  {
    files: ['apps/shared/src/ui/lean/rich-text.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // A feature uses another only through its api/ or a module at its root (see the rule's file).
    files: ['apps/*/src/features/**/*.{ts,tsx}'],
    plugins: { olympiad: featureBoundaries },
    rules: { 'olympiad/feature-boundaries': 'error' },
  },
  {
    files: ['apps/**/*-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker, FILES: 'readonly' } },
  },
  {
    files: ['**/*.mjs', 'e2e/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Callbacks that Playwright runs inside the page.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
