// Loads Shopify's liquid-spec suites (vendored beside this file, unmodified) into plain cases, as
// liquid-spec's own Ruby loader (lib/liquid/spec/spec_loader.rb at 8a308cb1) does: the suite's
// features and defaults, a file's _metadata, then the spec's own keys, each overriding the last.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type ScalarTag } from 'yaml';

export const SPEC_DIR = join(dirname(fileURLToPath(import.meta.url)), 'specs');
export const SUITES = ['basics', 'liquid_ruby', 'partials'] as const;

/** What a case expects when it expects an error: each pattern is a case-insensitive substring. */
export interface ExpectedErrors {
  parse_error?: string[];
  render_error?: string[];
  /** Inline error text the output must contain (inline error mode only). */
  output?: string[];
  line?: number;
}

export interface SpecCase {
  suite: string;
  file: string;
  name: string;
  template: string;
  expected?: string;
  expectedPattern?: string;
  errors: ExpectedErrors;
  environment: Record<string, unknown>;
  /** Partials by file name, as the spec's in-memory file system holds them. */
  filesystem: Record<string, string>;
  features: string[];
  /** The parse modes the case is written for (strict2, strict, lax, warn); none means any. */
  errorModes: string[];
  /** Whether render errors are expected inline in the output rather than raised. */
  renderErrors: boolean;
  complexity: number;
  /** Ruby host settings the case needs that a template cannot express. */
  resourceLimits: boolean;
  templateFactory: boolean;
  generate?: Record<string, unknown>;
}

interface SuiteConfig {
  features?: string[];
  defaults?: { render_errors?: boolean; error_mode?: string; complexity?: number; expected?: string };
  minimum_complexity?: number;
}

type RawSpec = Record<string, unknown>;

// Ruby's Psych reads the specs: YAML 1.2's core schema plus what Psych adds from YAML 1.1, its
// booleans yes/no/on/off (any case; not y/n, which Psych leaves strings), integers with
// separators, timestamps and !binary.
const psychBool: ScalarTag = {
  tag: 'tag:yaml.org,2002:bool',
  default: true,
  identify: (value) => typeof value === 'boolean',
  test: /^(?:yes|no|on|off)$/i,
  resolve: (source) => /^(?:yes|on)$/i.test(source),
};

/**
 * A float the YAML writes whole (`2.0`): Ruby keeps it a Float (it prints "2.0"), JavaScript would
 * read the integer 2. The runner hands it to each engine as that engine holds a whole float.
 */
export class WholeFloat {
  constructor(readonly value: number) {}
}

const wholeFloat: ScalarTag = {
  tag: 'tag:yaml.org,2002:float',
  default: true,
  identify: (value) => value instanceof WholeFloat,
  test: /^[-+]?\d+\.\d+(?:[eE][-+]?\d+)?$/,
  resolve: (source) => {
    const n = Number(source);
    return Number.isInteger(n) ? new WholeFloat(n) : n;
  },
};

// Psych's integers allow `,` and `_` between digits, as YAML 1.1 does: `1,2,3` is 123.
const psychInt: ScalarTag = {
  tag: 'tag:yaml.org,2002:int',
  default: true,
  identify: (value) => typeof value === 'number' && Number.isInteger(value),
  test: /^[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)$/,
  resolve: (source) => Number(source.replace(/[,_]/g, '')),
};

function readYaml(path: string): unknown {
  return parse(readFileSync(path, 'utf8'), {
    schema: 'core',
    customTags: (tags) => [psychBool, psychInt, wholeFloat, ...tags, 'timestamp', 'binary'],
    uniqueKeys: false,
    logLevel: 'silent',
    maxAliasCount: -1,
  });
}

/** `:lax` is a Ruby symbol in the YAML; the mode's name is the same either way. */
function modes(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((m) => String(m).replace(/^:/, ''));
}

function stringList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  return (Array.isArray(value) ? value : [value]).map(String);
}

function errorsOf(value: unknown): ExpectedErrors {
  const raw = (value ?? {}) as Record<string, unknown>;
  const errors: ExpectedErrors = {};
  const parseError = stringList(raw['parse_error']);
  const renderError = stringList(raw['render_error']);
  const output = stringList(raw['output']);
  if (parseError) errors.parse_error = parseError;
  if (renderError) errors.render_error = renderError;
  if (output) errors.output = output;
  if (typeof raw['line'] === 'number') errors.line = raw['line'];
  return errors;
}

function filesystemOf(value: unknown): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [name, source] of Object.entries((value ?? {}) as Record<string, unknown>)) files[name] = String(source ?? '');
  return files;
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return String(value);
}

export function loadSuite(suite: string, dir = SPEC_DIR): SpecCase[] {
  const suiteDir = join(dir, suite);
  const config = (readYaml(join(suiteDir, 'suite.yml')) ?? {}) as SuiteConfig;
  const cases: SpecCase[] = [];
  for (const file of readdirSync(suiteDir).sort()) {
    if (!file.endsWith('.yml') || file === 'suite.yml') continue;
    const data = readYaml(join(suiteDir, file));
    const list = (Array.isArray(data) ? data : ((data as { specs?: unknown[] } | null)?.specs ?? [])) as RawSpec[];
    const metadata = (Array.isArray(data) ? {} : ((data as { _metadata?: Record<string, unknown> } | null)?._metadata ?? {})) as Record<string, unknown>;
    const required = (metadata['required_options'] ?? {}) as Record<string, unknown>;
    const minimum = Number(config.minimum_complexity ?? metadata['minimum_complexity'] ?? metadata['complexity'] ?? config.defaults?.complexity ?? 1000);
    const sourceFeatures = [...(config.features ?? []), ...((metadata['features'] as string[] | undefined) ?? [])];
    for (const spec of list) {
      if (!spec || typeof spec !== 'object') continue;
      const renderErrors =
        'render_errors' in spec ? spec['render_errors'] : 'render_errors' in metadata ? metadata['render_errors'] : config.defaults?.render_errors;
      const errorMode = 'error_mode' in spec ? spec['error_mode'] : 'error_mode' in required ? required['error_mode'] : config.defaults?.error_mode;
      const features = [...sourceFeatures, ...((spec['features'] as string[] | undefined) ?? [])];
      if (spec['generate']) features.push('randomness');
      const expected = 'expected' in spec ? spec['expected'] : config.defaults?.expected;
      const expectedText = text(expected);
      const patternText = text(spec['expected_pattern']);
      cases.push({
        suite,
        file,
        name: String(spec['name']),
        template: String(spec['template'] ?? ''),
        ...(expectedText !== undefined ? { expected: expectedText } : {}),
        ...(patternText !== undefined ? { expectedPattern: patternText } : {}),
        errors: errorsOf(spec['errors']),
        environment: (spec['environment'] ?? {}) as Record<string, unknown>,
        filesystem: filesystemOf(spec['filesystem']),
        features: [...new Set(features.map(String))],
        errorModes: modes(errorMode),
        renderErrors: renderErrors === true,
        complexity: Number(spec['complexity'] ?? minimum),
        resourceLimits: spec['resource_limits'] !== undefined,
        templateFactory: spec['template_factory'] !== undefined,
        ...(spec['generate'] ? { generate: spec['generate'] as Record<string, unknown> } : {}),
      });
    }
  }
  return cases;
}
