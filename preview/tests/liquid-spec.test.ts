// Shopify's Liquid conformance suite, liquid-spec (preview/tests/liquid-spec/, basics, liquid_ruby
// and partials at 8a308cb1), run against the preview's Liquid engine. The figure held here is a
// floor: the applicable cases the engine passed when it was last raised. A change to the engine
// that loses one fails here with the cases it now fails; one that wins more should raise the floor.
// `npm run bench -- liquid-spec` prints the table beside plain liquidjs.
import { describe, expect, it } from 'vitest';
import { failures, notApplicableReasons, previewEngine, runConformance, type ConformanceRun } from './liquid-spec/runner';
import { MISSING_FEATURES } from './liquid-spec/applicability';

/** Applicable cases the preview passes (of 2458 applicable: 97.3%). */
const PASSING_FLOOR = 2392;

let run: ConformanceRun | undefined;
async function conformance(): Promise<ConformanceRun> {
  return (run ??= await runConformance([previewEngine()]));
}

describe("Shopify's liquid-spec", () => {
  it(`passes at least ${PASSING_FLOOR} of the applicable cases`, async () => {
    const result = await conformance();
    const passed = result.suites.reduce((sum, s) => sum + s.engines['preview']!.pass, 0);
    const failing = failures(result, 'preview');
    expect(passed, `${failing.length} applicable cases fail:\n${failing.join('\n')}`).toBeGreaterThanOrEqual(PASSING_FLOOR);
  }, 300_000);

  it('runs every case, and names why each one that does not apply does not', async () => {
    const result = await conformance();
    for (const suite of result.suites) {
      const { pass, fail } = suite.engines['preview']!;
      expect(pass + fail + suite.notApplicable, suite.suite).toBe(suite.total);
      expect(
        Object.values(suite.reasons).reduce((a, b) => a + b, 0),
        suite.suite,
      ).toBe(suite.notApplicable);
    }
    expect(result.suites.map((s) => s.suite)).toEqual(['basics', 'liquid_ruby', 'partials']);
    expect(result.suites.reduce((sum, s) => sum + s.total, 0)).toBe(3054);
    const named = new Set(Object.values(MISSING_FEATURES));
    for (const [reason] of notApplicableReasons(result)) expect(named.has(reason) || reason.startsWith('parse mode'), reason).toBe(true);
  }, 300_000);
});
