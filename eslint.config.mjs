// ESLint (flat config): `npm run lint`, part of `npm test`. Rules are chosen for real defects:
// import cycles, promises nobody awaits or catches, unsafe `any`, unused code; layout is Prettier's.
import Module from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// typescript-eslint reads types through the TypeScript compiler's JavaScript API, which TypeScript
// 7 (the project's compiler, `npm run typecheck`) no longer has. Its type-aware rules run on
// TypeScript 6 (devDependency `typescript-6`), so every `require('typescript')` from it goes there.
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const target = request === 'typescript' || request.startsWith('typescript/') ? request.replace('typescript', 'typescript-6') : request;
  return resolve.call(this, target, ...rest);
};
const { default: tseslint } = await import('typescript-eslint');
const { createTypeScriptImportResolver } = await import('eslint-import-resolver-typescript');

export default tseslint.config(
  {
    ignores: ['node_modules/', '.build/', '.cache/', 'theme/', 'test-results/', 'preview/fixtures/**/*.json', 'preview/tests/theme/', 'preview/dist/'],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Promises: an unhandled rejection is a silent failure in an island.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // Template literals of numbers are how the code writes pixel and count strings.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Not defects: an async function without await keeps a promise-returning contract (route
      // handlers, test callbacks); an assertion the compiler finds redundant changes nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    // The preview mirrors Liquid, which turns any value into text: String(value) and `${value}` of
    // an unknown drop value are what the platform does, not a slip.
    files: ['preview/**/*.ts', 'tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx,mts}'],
    plugins: { 'import-x': importX },
    // The TypeScript resolver maps the preview's `.js` import names to their `.ts` files, as
    // TypeScript does; with the node resolver alone those imports resolved to nothing, and a cycle
    // through them went unseen.
    // Its parser reads the TypeScript files an import leads to (the default one cannot, so their
    // own imports were never followed).
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'tsconfig.json' }),
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js'] }),
      ],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: ['*.mjs', 'tools/**/*.mjs', 'tests/**/*.mjs', 'preview/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Scripts that drive Chromium: the functions they hand to page.evaluate run in the page.
    files: ['tests/bench/**/*.mjs', 'tests/budget/**/*.mjs', 'tests/shots/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Tests drive islands and pages through untyped JSON and DOM; their `any` is the fixture's.
    files: ['tests/**/*.{ts,tsx}', 'preview/tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
