// The platform's inline Liquid errors. A shop never answers a page with a bare error: where a
// template fails, it prints the error's text in place of the failing output or tag, answers 200
// and renders the rest of the page (Liquid's render_errors; liquid-spec's inline_errors):
//
//   Liquid error (sections/main-product line 2): divided by 0            a run-time error
//   Liquid syntax error (snippets/card line 4): Unknown tag 'foo'        a file that does not parse
//   Liquid error (sections/header line 12): Could not find asset snippets/x.liquid
//   Liquid error (snippets/tree line 2): Nesting too deep                 render/include 100 deep
//
// The error stands where the innermost failing node stood: an error inside a snippet is printed
// inside the snippet's output, with the snippet's name and line, and the caller goes on. A
// section or theme block file that does not parse prints its syntax error where the section or
// block stands; the page's other sections render.
import {
  LiquidError,
  toValue,
  type Tag,
  type Context,
  type Emitter,
  type Liquid,
  type TagToken,
  type Template,
  type Token,
  type TopLevelToken,
} from 'liquidjs';
import { AsyncOnlyTag } from './sync-render.js';

/** The file a template was read from as the platform names it in errors: sections/main-product. */
export function templateName(file: string): string {
  return file
    .split(/[\\/]/)
    .slice(-2)
    .join('/')
    .replace(/\.liquid$/, '');
}

/** "(sections/main-product line 2)" or "(line 2)" or "" for an error at `token`. */
function place(token: Token | undefined): string {
  if (!token) return '';
  const [line] = token.getPosition();
  return ` (${token.file ? `${templateName(token.file)} ` : ''}line ${line})`;
}

/** "Liquid error (sections/main-product line 2): divided by 0" for `message` at `token`. */
export function inlineErrorText(token: Token | undefined, message: string): string {
  return `Liquid error${place(token)}: ${message}`;
}

/** "Liquid syntax error (snippets/card line 4): Unknown tag 'foo'" for a file that does not parse. */
export function syntaxErrorText(token: Token | undefined, message: string): string {
  return `Liquid syntax error${place(token)}: ${message}`;
}

/** liquidjs's wording of a parse or lookup failure, as Liquid (Ruby) words it on the platform. */
export function platformMessage(raw: string): string {
  const message = raw.replace(/(?:, file:[^,]*)?, line:\d+, col:\d+$/, '');
  const rules: [RegExp, (m: RegExpExecArray) => string][] = [
    [/^tag "([^"]+)" not found/, (m) => `Unknown tag '${m[1]}'`],
    [/^tag \{%-?\s*([\w]+)[\s\S]*?-?%\} not closed/, (m) => `'${m[1]}' tag was never closed`],
    [/^tag "?(\{%[\s\S]*?)"? not closed/, (m) => `Tag '${m[1]}' was not properly terminated with regexp: /\\%\\}/`],
    [/^output "?(\{\{[\s\S]*?)"? not closed/, (m) => `Variable '${m[1]}' was not properly terminated with regexp: /\\}\\}/`],
    [/^undefined filter: (\S+)/, (m) => `undefined filter ${m[1]}`],
    [/^ENOENT: Failed to lookup "([^"]+)"/, (m) => `Could not find asset snippets/${(m[1] ?? '').replace(/\.liquid$/, '')}.liquid`],
  ];
  for (const [pattern, word] of rules) {
    const match = pattern.exec(message);
    if (match) return word(match);
  }
  return message;
}

/** Whether a render must stop rather than print the error: the sync attempt's signal to go async. */
export function mustPropagate(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { originalError?: unknown }).originalError) {
    if (e instanceof AsyncOnlyTag) return true;
  }
  return false;
}

/** The innermost error liquidjs wrapped, and whether it is a parse (syntax) error. */
function innermost(error: unknown): { message: string; token: Token | undefined; syntax: boolean } {
  let token: Token | undefined;
  let syntax = false;
  let e: unknown = error;
  for (;;) {
    if (LiquidError.is(e)) {
      const liquidError = e as LiquidError & { token?: Token; originalError?: unknown };
      token = liquidError.token ?? token;
      if (liquidError.name === 'ParseError' || liquidError.name === 'TokenizationError') syntax = true;
      if (!liquidError.originalError) return { message: platformMessage(liquidError.message), token, syntax };
      e = liquidError.originalError;
      continue;
    }
    const message = e instanceof Error ? e.message : String(e);
    return { message: platformMessage(message), token, syntax };
  }
}

/** The inline text for an error thrown while rendering `template` (its token is the fallback place). */
export function inlineTextFor(error: unknown, template?: Template): string {
  const { message, token, syntax } = innermost(error);
  const at = token ?? template?.token;
  return syntax ? syntaxErrorText(at, message) : inlineErrorText(at, message);
}

/** A theme file the platform would refuse (a JSON file or a schema that does not parse): where and why. */
export interface ThemeFileProblem {
  /** The file's path in the theme or on disk, named in the message as the platform names it. */
  file: string;
  line?: number;
  reason: string;
}

export function isThemeFileProblem(error: unknown): error is Error & ThemeFileProblem {
  return (
    error instanceof Error && typeof (error as Partial<ThemeFileProblem>).reason === 'string' && typeof (error as Partial<ThemeFileProblem>).file === 'string'
  );
}

/** A theme file's name as the platform prints it: the last folder and the file, JSON keeping its extension. */
function themeFileName(file: string): string {
  return file.endsWith('.json') ? file.split(/[\\/]/).slice(-2).join('/') : templateName(file);
}

/** The inline text for a file that failed to load or parse (a section, a block, a JSON template or group). */
export function fileErrorText(file: string, error: unknown): string {
  if (isThemeFileProblem(error)) {
    return `Liquid syntax error (${themeFileName(error.file)}${error.line ? ` line ${error.line}` : ''}): ${error.reason}`;
  }
  const { message, token, syntax } = innermost(error);
  if (token) return syntax ? syntaxErrorText(token, message) : inlineErrorText(token, message);
  return `Liquid ${syntax ? 'syntax ' : ''}error (${themeFileName(file)}): ${message}`;
}

/** Whether this engine prints errors inline (the storefront's) or throws them (tests of one template). */
export function rendersErrors(liquid: Liquid): boolean {
  return (liquid.options as unknown as { renderErrors?: boolean }).renderErrors === true;
}

type RenderTemplates = (templates: Template[], ctx: Context, emitter?: Emitter) => Generator<unknown, unknown, unknown>;

/** liquidjs's own output of a value (its SimpleEmitter, which it does not export). */
function stringify(value: unknown): string {
  const plain = toValue(value) as unknown;
  if (typeof plain === 'string') return plain;
  if (plain === null || plain === undefined) return '';
  if (Array.isArray(plain)) return plain.map(stringify).join('');
  return String(plain);
}

class TextEmitter implements Emitter {
  buffer = '';
  write(html: unknown): void {
    this.buffer += stringify(html);
  }
}

/**
 * Makes the engine render errors inline as the platform does: each node (an output, a tag) that
 * throws writes its error's text where its output would be, and the templates around it go on.
 */
export function installInlineErrors(liquid: Liquid): void {
  (liquid.options as unknown as { renderErrors: boolean }).renderErrors = true;
  const renderer = liquid.renderer as unknown as { renderTemplates: RenderTemplates };
  const original = renderer.renderTemplates.bind(renderer);
  renderer.renderTemplates = function* renderTemplatesInline(templates, ctx, emitter) {
    if (ctx.opts.keepOutputType) return yield* original(templates, ctx, emitter);
    const out = emitter ?? new TextEmitter();
    for (const template of templates) {
      ctx.renderLimit.check(performance.now());
      try {
        const html = yield template.render(ctx, out);
        if (html) out.write(html);
        if (ctx.breakCalled || ctx.continueCalled) break;
      } catch (error) {
        if (mustPropagate(error)) throw error;
        out.write(inlineTextFor(error, template));
      }
    }
    return (out as unknown as { buffer?: unknown }).buffer;
  };
}

/** Liquid's limit of nested partials (render and include): the 100th level is "Nesting too deep". */
export const MAX_PARTIAL_DEPTH = 100;
const depths = new WeakMap<object, number>();

type TagClass = new (token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: never) => Tag;

/** Wraps the engine's render and include tags so that a partial nested 100 deep is an error, not a stack overflow. */
export function limitPartialNesting(liquid: Liquid): void {
  for (const name of ['render', 'include']) {
    const Base = liquid.tags[name] as unknown as TagClass | undefined;
    if (!Base) continue;
    const Limited = class extends Base {
      *render(ctx: Context, emitter: Emitter): Generator<unknown, unknown, unknown> {
        // One count per page render: every context of a page shares its globals.
        const key = ctx.globals as object;
        const depth = (depths.get(key) ?? 0) + 1;
        if (depth >= MAX_PARTIAL_DEPTH) throw new Error('Nesting too deep');
        depths.set(key, depth);
        try {
          return yield* (Base.prototype as unknown as { render: (ctx: Context, emitter: Emitter) => Generator<unknown, unknown, unknown> }).render.call(
            this,
            ctx,
            emitter,
          );
        } finally {
          depths.set(key, depth - 1);
        }
      }
    };
    liquid.registerTag(name, Limited as never);
  }
}
