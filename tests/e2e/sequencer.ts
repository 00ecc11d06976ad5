// The order the browser files start in. Two workers take files in this order, so the longest must
// start first or one worker runs it alone at the end. Vitest orders by the durations it kept from
// an earlier run; without them (a clean clone, CI) it starts the largest files first, and the
// longest file by far (accessibility.test.ts) is one of the smallest. So when vitest has no
// duration for some file, the files go in the order of the rough durations below (seconds, from
// a full run on a two-core machine; only their order matters), and a file missing from the list
// in between, as if it took the median.
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';

const ROUGH_SECONDS: Record<string, number> = {
  'accessibility.test.ts': 130,
  'image-density-narrow.test.ts': 110,
  'image-density-wide.test.ts': 100,
  'shell-panels.test.ts': 90,
  'accounts-current.test.ts': 89,
  'hostile-store.test.ts': 64,
  'catalogue-list.test.ts': 56,
  'account-area.test.ts': 55,
  'product-page.test.ts': 49,
  'shell-routes.test.ts': 45,
  'signin-panels.test.ts': 34,
  'shell-pages.test.ts': 34,
  'look-placement.test.ts': 32,
  'startup-js-budget.test.ts': 32,
  'theme-editor.test.ts': 32,
  'failing-calls.test.ts': 31,
  'catalogue-collection.test.ts': 29,
  'product-layout.test.ts': 21,
  'no-javascript.test.ts': 20,
  'cart-panel.test.ts': 19,
};
const MEDIAN = 18;

function roughSeconds(file: TestSpecification): number {
  return ROUGH_SECONDS[relative('tests/e2e', relative(file.project.config.root, file.moduleId))] ?? MEDIAN;
}

// Imported by a name in a variable: eslint-plugin-import-x's resolver fails on a static import of
// vitest/node ("node with invalid interface loaded as resolver").
const VITEST_NODE = 'vitest/node';
const { BaseSequencer } = (await import(VITEST_NODE)) as typeof import('vitest/node');

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const timed = (file: TestSpecification) => this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(root, file.moduleId)}`);
    if (sorted.every(timed)) return sorted;
    // Projects keep vitest's order (sequence.groupOrder, then name); within one, longest first.
    const rank = new Map(sorted.map((file, index) => [file, index]));
    const projectRank = (file: TestSpecification) =>
      Math.min(...sorted.filter((other) => other.project.name === file.project.name).map((other) => rank.get(other) ?? 0));
    return [...sorted].sort((a, b) => projectRank(a) - projectRank(b) || roughSeconds(b) - roughSeconds(a));
  }
}
