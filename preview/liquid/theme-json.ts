import { readFileSync } from 'node:fs';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

// Theme JSON files (templates, section groups, config, locales) as the platform reads them:
// JSON with /* block */ and // line comments (the platform writes a comment header into files
// the theme editor saves) and trailing commas (theme check's JSONSyntaxError passes
// `{ "key": "value", }`). Anything else that is not JSON is an error naming the file and the
// line, as the platform refuses to take such a file. A {% schema %} is stricter: plain JSON
// (sections.ts), as theme check's ValidSchema fails a trailing comma there.

/** A theme JSON file that does not parse: its file, the line and the reason, for an inline error. */
export class ThemeJsonError extends Error {
  readonly reason: string;
  constructor(
    readonly file: string,
    readonly line: number,
    code: string,
  ) {
    super(`${file}: invalid JSON (${code} at line ${line})`);
    this.reason = `Invalid JSON: ${code}`;
  }
}

export function parseThemeJson<T>(text: string, file: string): T {
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false }) as T;
  const first = errors[0];
  if (first) throw new ThemeJsonError(file, text.slice(0, first.offset).split('\n').length, printParseErrorCode(first.error));
  return value;
}

export function readThemeJson<T>(path: string): T {
  return parseThemeJson<T>(readFileSync(path, 'utf8'), path);
}
