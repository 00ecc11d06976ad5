import { defineConfig } from 'vitest/config';

// Tests run what ships: React source is aliased to preact/compat, as in build.mjs.
const preactAlias = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

const shared = {
  resolve: { alias: preactAlias },
  oxc: { jsx: { runtime: 'automatic' as const, importSource: 'preact' } },
};
const inlineDeps = { server: { deps: { inline: ['@nanostores/react', /@testing-library/] } } };

export default defineConfig({
  ...shared,
  test: {
    ...inlineDeps,
    projects: [
      { ...shared, test: { ...inlineDeps, name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { ...shared, test: { ...inlineDeps, name: 'islands', include: ['tests/islands/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
      { ...shared, test: { ...inlineDeps, name: 'liquid', include: ['tests/liquid/**/*.test.ts'], environment: 'node' } },
      {
        ...shared,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Headroom for a busy two-core machine: a timeout is for a hang, never a measure of speed.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
