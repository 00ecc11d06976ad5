// Runs Shopify's liquid-spec suites against the preview's Liquid engine (createLiquid) and, for
// comparison, against plain liquidjs (new Liquid() with its defaults, given only the spec's files).
// Each case is rendered as liquid-spec's Ruby adapters do: parse, then render with the spec's
// environment and its in-memory file system for partials, then compare the output, or the error
// the spec expects. Used by preview/tests/liquid-spec.test.ts and `npm run bench -- liquid-spec`.
import { Liquid } from 'liquidjs';
import type { FS } from 'liquidjs/dist/fs/fs';
import { createLiquid } from '../../liquid/engine.js';
import { platformFloat } from '../../liquid/float-number.js';
import { CURRENT_TIME } from '../../liquid/date-filter.js';
import { loadSuite, SUITES, type ExpectedErrors, type SpecCase } from './cases.js';
import { applicability } from './applicability.js';
import { materialise } from './test-drops.js';

/** The theme folder the preview's engine is given: nothing is read from it but the spec's files. */
const THEME_DIR = '/liquid-spec-theme';

/** Liquid's file system rule (docs/implementers/filesystem.md): lower case, `.liquid` appended. */
function templateKey(name: string): string {
  const lower = name.toLowerCase();
  return lower.endsWith('.liquid') ? lower : `${lower}.liquid`;
}

/**
 * The spec's partials as a liquidjs file system. The preview reads snippets from
 * <theme>/snippets, plain liquidjs from its root: both resolve to the same keys here.
 */
class SpecFileSystem implements FS {
  private files = new Map<string, string>();
  sep = '/';
  use(files: Record<string, string>): void {
    this.files = new Map(Object.entries(files).map(([name, source]) => [templateKey(name), source]));
  }
  private key(file: string): string {
    for (const dir of [`${THEME_DIR}/snippets/`, `${THEME_DIR}/`]) if (file.startsWith(dir)) return file.slice(dir.length);
    return file;
  }
  resolve(dir: string, file: string): string {
    return `${dir.replace(/\/$/, '')}/${templateKey(file)}`;
  }
  existsSync(file: string): boolean {
    return this.files.has(this.key(file));
  }
  async exists(file: string): Promise<boolean> {
    return this.existsSync(file);
  }
  readFileSync(file: string): string {
    const source = this.files.get(this.key(file));
    if (source === undefined) throw new Error(`Could not find asset ${file}`);
    return source;
  }
  async readFile(file: string): Promise<string> {
    return this.readFileSync(file);
  }
  dirname(file: string): string {
    return file.replace(/\/[^/]*$/, '');
  }
}

export type Outcome = { kind: 'output'; output: string } | { kind: 'parse_error' | 'render_error'; message: string };

export interface Engine {
  name: string;
  /** How the engine holds a float with no fraction (Ruby's 2.0). */
  wholeFloat: (n: number) => unknown;
  render(spec: SpecCase, environment: Record<string, unknown>): Promise<Outcome>;
}

/** An error's whole story: liquidjs wraps a tag's or filter's error in one per enclosing template. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e && parts.length < 10; e = (e as { originalError?: unknown }).originalError) {
    parts.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
  }
  return parts.join(' <- ');
}

// The spec's environment is the render's global data (Ruby's static environments), as the
// preview's page objects are: a snippet that render runs sees it too (basics/scopes.yml).
// liquid-spec runs every case at this instant (docs/implementers/filters.md, "Deterministic
// current time"); the host hands it to the render as Ruby's registers[:current_time].
const SPEC_TIME = new Date('2024-01-01T00:01:58Z');

// Bounds for one case's render, the same for both engines, so that a case that loops or grows
// without end (a recursive partial, a huge range) fails alone instead of stopping the run.
const LIMITS = { renderLimit: 5_000, memoryLimit: 64 * 1024 * 1024 };

function engineFor(name: string, make: (fs: FS) => Liquid, wholeFloat: (n: number) => unknown = (n) => n): Engine {
  const fs = new SpecFileSystem();
  const liquid = make(fs);
  return {
    name,
    wholeFloat,
    async render(spec, environment) {
      fs.use(spec.filesystem);
      let template;
      try {
        template = liquid.parse(spec.template);
      } catch (error) {
        return { kind: 'parse_error', message: errorText(error) };
      }
      try {
        return { kind: 'output', output: String(await liquid.render(template, {}, { ...LIMITS, globals: { ...environment, [CURRENT_TIME]: SPEC_TIME } })) };
      } catch (error) {
        return { kind: 'render_error', message: errorText(error) };
      }
    },
  };
}

export function previewEngine(): Engine {
  return engineFor('preview', (fs) => createLiquid(THEME_DIR, { fs }), platformFloat);
}

export function plainLiquidjsEngine(): Engine {
  return engineFor('liquidjs', (fs) => new Liquid({ fs, root: [THEME_DIR] }));
}

// A pattern that names a Ruby exception class (Liquid::SyntaxError, NoMethodError) says what kind
// of error is raised, which the kind of outcome (parse or render error) already checks; the
// message's own words are the other patterns.
const RUBY_ERROR_CLASS = /^(?:[A-Z]\w*::)*[A-Z]\w*(?:Error|Exception)$/;

function matches(text: string, patterns: string[]): boolean {
  const lower = text.toLowerCase();
  return patterns.every((p) => RUBY_ERROR_CLASS.test(p) || lower.includes(p.toLowerCase()));
}

function lineMatches(text: string, errors: ExpectedErrors): boolean {
  return errors.line === undefined || new RegExp(`line[: ]${errors.line}\\b`).test(text);
}

// The platform prints some render errors inline (`Liquid error (line 1): divided by 0`) and
// renders on; the preview does the same. Such an error, with the spec's words, is the error raised.
function inlineError(output: string, errors: ExpectedErrors, patterns: string[]): boolean {
  return /Liquid error/.test(output) && matches(output, patterns) && lineMatches(output, errors);
}

/** A Ruby regexp's source as a JavaScript one: Ruby's (?m) is JavaScript's dotAll. */
function rubyRegExp(source: string): RegExp {
  const dotAll = source.startsWith('(?m)');
  return new RegExp(dotAll ? source.slice(4) : source, dotAll ? 's' : '');
}

export interface Verdict {
  pass: boolean;
  /** What the engine did, for the report of a failing case. */
  got: string;
}

export function judge(spec: SpecCase, outcome: Outcome): Verdict {
  const got = outcome.kind === 'output' ? `output ${JSON.stringify(outcome.output)}` : `${outcome.kind} ${outcome.message}`;
  const { errors } = spec;
  if (errors.parse_error) {
    return { pass: outcome.kind === 'parse_error' && matches(outcome.message, errors.parse_error) && lineMatches(outcome.message, errors), got };
  }
  if (errors.render_error) {
    const patterns = errors.render_error;
    const raised = outcome.kind === 'render_error' && matches(outcome.message, patterns) && lineMatches(outcome.message, errors);
    return { pass: raised || (outcome.kind === 'output' && inlineError(outcome.output, errors, patterns)), got };
  }
  if (errors.output) return { pass: outcome.kind === 'output' && matches(outcome.output, errors.output), got };
  if (outcome.kind !== 'output') return { pass: false, got };
  if (spec.expectedPattern !== undefined) return { pass: rubyRegExp(spec.expectedPattern).test(outcome.output), got };
  return { pass: outcome.output === (spec.expected ?? ''), got };
}

/**
 * A `generate:` expression (`n`, `n * n`, `n * 2`): integers, the generated names, + - * / and
 * parentheses. The expression is the spec's Ruby; nothing else in it is run.
 */
function arithmetic(expression: string, values: Record<string, number>): number {
  const tokens = expression.match(/\d+|[A-Za-z_]\w*|[-+*/()]|\S/g) ?? [];
  let at = 0;
  const primary = (): number => {
    const token = tokens[at++];
    if (token === '(') {
      const value = sum();
      at++; // ')'
      return value;
    }
    if (token === '-') return -primary();
    if (token !== undefined && /^\d+$/.test(token)) return Number(token);
    if (token !== undefined && token in values) return values[token]!;
    throw new Error(`generate: unsupported expression ${expression}`);
  };
  const product = (): number => {
    let value = primary();
    while (tokens[at] === '*' || tokens[at] === '/') value = tokens[at++] === '*' ? value * primary() : Math.trunc(value / primary());
    return value;
  };
  const sum = (): number => {
    let value = product();
    while (tokens[at] === '+' || tokens[at] === '-') value = tokens[at++] === '+' ? value + product() : value - product();
    return value;
  };
  const value = sum();
  if (at !== tokens.length) throw new Error(`generate: unsupported expression ${expression}`);
  return value;
}

// A `generate:` spec is made concrete before it is run, as liquid-spec's loader does; here with a
// fixed value (the middle of the range) so that a run is reproducible.
function concrete(spec: SpecCase): SpecCase {
  if (!spec.generate) return spec;
  const values: Record<string, number> = {};
  for (const [name, config] of Object.entries(spec.generate)) {
    const range = Array.isArray(config) ? config : [(config as { min?: number }).min ?? 0, (config as { max?: number }).max ?? 1000];
    values[name] = typeof config === 'number' ? config : Math.floor((Number(range[0]) + Number(range[1])) / 2);
  }
  const substitute = (text: string): string => text.replace(/#\{([^}]*)\}/g, (_whole, expression: string) => String(arithmetic(expression, values)));
  return { ...spec, template: substitute(spec.template), ...(spec.expected !== undefined ? { expected: substitute(spec.expected) } : {}) };
}

export interface CaseResult {
  spec: SpecCase;
  /** Set when the case does not apply to the preview. */
  notApplicable?: string;
  verdicts: Record<string, Verdict>;
}

export interface SuiteFigures {
  suite: string;
  total: number;
  notApplicable: number;
  /** Per engine: cases passed and failed of the applicable ones. */
  engines: Record<string, { pass: number; fail: number }>;
  reasons: Record<string, number>;
}

export interface ConformanceRun {
  results: CaseResult[];
  suites: SuiteFigures[];
}

export async function runConformance(
  engines: Engine[] = [previewEngine(), plainLiquidjsEngine()],
  suites: readonly string[] = SUITES,
): Promise<ConformanceRun> {
  const results: CaseResult[] = [];
  const figures: SuiteFigures[] = [];
  for (const suite of suites) {
    const summary: SuiteFigures = { suite, total: 0, notApplicable: 0, engines: {}, reasons: {} };
    for (const engine of engines) summary.engines[engine.name] = { pass: 0, fail: 0 };
    for (const loaded of loadSuite(suite)) {
      summary.total++;
      const verdict = applicability(loaded);
      if (!verdict.applicable) {
        summary.notApplicable++;
        summary.reasons[verdict.reason] = (summary.reasons[verdict.reason] ?? 0) + 1;
        results.push({ spec: loaded, notApplicable: verdict.reason, verdicts: {} });
        continue;
      }
      const spec = concrete(loaded);
      const verdicts: Record<string, Verdict> = {};
      for (const engine of engines) {
        // Each engine gets its own environment: drops and arrays a render may change are not shared.
        const environment = materialise(spec.environment, engine.wholeFloat) as Record<string, unknown>;
        const result = judge(spec, await engine.render(spec, environment));
        verdicts[engine.name] = result;
        summary.engines[engine.name]![result.pass ? 'pass' : 'fail']++;
      }
      results.push({ spec, verdicts });
    }
    figures.push(summary);
  }
  return { results, suites: figures };
}

/** Passing share of the applicable cases, as a percentage with one decimal. */
export function passRate(figures: { pass: number; fail: number }): string {
  const applicable = figures.pass + figures.fail;
  return applicable ? ((figures.pass / applicable) * 100).toFixed(1) : '100.0';
}

/** The figures as a table: per suite, pass / fail / not applicable for each engine, and totals. */
export function conformanceTable(run: ConformanceRun): string {
  const names = Object.keys(run.suites[0]?.engines ?? {});
  const lines = [`${'suite'.padEnd(12)} ${'cases'.padStart(5)} ${'n/a'.padStart(5)}  ${names.map((n) => `${n} pass/fail (rate)`.padEnd(28)).join(' ')}`];
  const total = { total: 0, notApplicable: 0, engines: Object.fromEntries(names.map((n) => [n, { pass: 0, fail: 0 }])) };
  const row = (label: string, s: { total: number; notApplicable: number; engines: Record<string, { pass: number; fail: number }> }): string =>
    `${label.padEnd(12)} ${String(s.total).padStart(5)} ${String(s.notApplicable).padStart(5)}  ${names
      .map((n) => {
        const e = s.engines[n]!;
        return `${e.pass}/${e.fail} (${passRate(e)}%)`.padEnd(28);
      })
      .join(' ')}`;
  for (const s of run.suites) {
    lines.push(row(s.suite, s));
    total.total += s.total;
    total.notApplicable += s.notApplicable;
    for (const n of names) {
      total.engines[n]!.pass += s.engines[n]!.pass;
      total.engines[n]!.fail += s.engines[n]!.fail;
    }
  }
  lines.push(row('total', total));
  return lines.join('\n');
}

/** Not-applicable cases by reason, over all suites. */
export function notApplicableReasons(run: ConformanceRun): [string, number][] {
  const reasons = new Map<string, number>();
  for (const s of run.suites) for (const [r, n] of Object.entries(s.reasons)) reasons.set(r, (reasons.get(r) ?? 0) + n);
  return [...reasons].sort((a, b) => b[1] - a[1]);
}

/** The applicable cases an engine fails, as "suite/file name: got ..." lines. */
export function failures(run: ConformanceRun, engine: string): string[] {
  const lines: string[] = [];
  for (const { spec, verdicts } of run.results) {
    const verdict = verdicts[engine];
    if (!verdict || verdict.pass) continue;
    const expected = spec.errors.parse_error
      ? 'parse error'
      : spec.errors.render_error
        ? 'render error'
        : JSON.stringify(spec.expected ?? spec.expectedPattern);
    lines.push(`${spec.suite}/${spec.file} ${spec.name}: expected ${expected}, got ${verdict.got.slice(0, 300)}`);
  }
  return lines;
}
