import { readFileSync } from 'node:fs';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

// Theme JSON files (templates, section groups, config, locales) as the platform reads them:
// JSON with /* block */ and // line comments (the platform writes a comment header into files
// the theme editor saves). Anything else that is not JSON, a trailing comma included, is an error
// naming the file and the place, as the platform refuses to save such a file.

export function parseThemeJson<T>(text: string, file: string): T {
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: false, disallowComments: false, allowEmptyContent: false }) as T;
  const first = errors[0];
  if (first) {
    const line = text.slice(0, first.offset).split('\n').length;
    throw new Error(`${file}: invalid JSON (${printParseErrorCode(first.error)} at line ${line})`);
  }
  return value;
}

export function readThemeJson<T>(path: string): T {
  return parseThemeJson<T>(readFileSync(path, 'utf8'), path);
}
