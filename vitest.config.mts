import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/e2e/sequencer.ts';

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
// Headroom for a busy two-core machine (npm test runs these beside the browser project): a timeout
// is for a hang, never a measure of speed. Vitest's default of 5 s failed a dozen tests under load.
// expect.poll waits 1 s by default, which a busy machine can exceed (an account page's check
// failed that way under a second npm test): every poll has 20 s unless it asks for another bound.
const pollHeadroom = { expect: { poll: { timeout: 20_000 } } };
const headroom = { testTimeout: 30_000, hookTimeout: 30_000, ...pollHeadroom };
// The unit and liquid files share one module graph per worker (isolate: false): they test plain
// functions and previews each file creates for itself, and re-importing the preview for each file
// cost a third of the non-browser layers' time. Anything that keeps module state between calls (the
// nanostores, the DOM helpers) is tested in the islands project, where every file starts afresh.
const shareModules = { isolate: false };

export default defineConfig({
  ...shared,
  test: {
    ...inlineDeps,
    // Longest browser files first, also on a clean clone (tests/e2e/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      { ...shared, test: { ...inlineDeps, ...headroom, name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', ...shareModules } },
      { ...shared, test: { ...inlineDeps, ...headroom, name: 'islands', include: ['tests/islands/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
      { ...shared, test: { ...inlineDeps, ...headroom, name: 'liquid', include: ['tests/liquid/**/*.test.ts'], environment: 'node', ...shareModules } },
      // The preview package's own tests (preview/tests): the platform's behaviour, on its test theme and on ours.
      { ...shared, test: { ...inlineDeps, ...headroom, name: 'preview', include: ['preview/tests/**/*.test.ts'], environment: 'node', ...shareModules } },
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
          ...pollHeadroom,
          // Two files at a time, each with its own Chromium and contexts: a browser test spends much
          // of its time waiting on Chromium or the preview, so two keep a two-core machine busy.
          // After the other projects when all run in one vitest (its groups share one worker count).
          maxWorkers: 2,
          // A worker keeps its modules from one file to the next (playwright-core, the preview's
          // server for the files that start their own): imported afresh for each file, they cost
          // about 3 s of CPU a file. Each file still starts its own Chromium and contexts.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
