// Blank blocks, as the platform's Liquid (Ruby) parses them: a block whose bodies hold nothing but
// whitespace and tags that print nothing (assign, capture, comment, doc, and blocks blank in turn)
// is blank, and its bodies lose their whitespace, so `{% if x %}\n  {% assign y = 1 %}\n{% endif %}`
// prints nothing at all, where liquidjs printed the whitespace. Ruby strips if, unless, case and for
// bodies (If#parse, For#parse, Case#parse); a blank `{% liquid %}` or tablerow only counts as blank
// for the block around it.
import { IfTag, LiquidTag, TokenKind, UnlessTag, type Template } from 'liquidjs';
import { ForTagWithParentloop } from './parentloop.js';

/** Tags that print nothing, whatever they hold. */
const SILENT_TAGS = new Set(['assign', 'capture', 'comment', '#', 'doc', 'schema']);
const BLANK = Symbol('blank block');

type Marked = { [BLANK]?: boolean };

type Kinded = { token: { kind: TokenKind } };

function isBlank(template: Template): boolean {
  const token = (template as unknown as Kinded).token;
  if (token.kind === TokenKind.HTML) return /^\s*$/.test((template as unknown as { str: string }).str);
  if (token.kind !== TokenKind.Tag) return false;
  const name = (template as unknown as { name?: string }).name ?? '';
  return SILENT_TAGS.has(name) || (template as Marked)[BLANK] === true;
}

/** Marks the tag blank when all its bodies are, and then drops their whitespace when `strip`. */
export function markBlank(tag: object, bodies: Template[][], strip: boolean): void {
  const blank = bodies.every((body) => body.every(isBlank));
  (tag as Marked)[BLANK] = blank;
  if (!blank || !strip) return;
  for (const body of bodies) {
    for (let i = body.length - 1; i >= 0; i--) {
      if ((body[i] as unknown as Kinded).token.kind === TokenKind.HTML) body.splice(i, 1);
    }
  }
}

type Branches = { branches: { templates: Template[] }[]; elseTemplates?: Template[] };

export class BlankAwareIfTag extends IfTag {
  constructor(...args: ConstructorParameters<typeof IfTag>) {
    super(...args);
    const self = this as unknown as Branches;
    markBlank(this, [...self.branches.map((b) => b.templates), self.elseTemplates ?? []], true);
  }
}

export class BlankAwareUnlessTag extends UnlessTag {
  constructor(...args: ConstructorParameters<typeof UnlessTag>) {
    super(...args);
    const self = this as unknown as Branches;
    markBlank(this, [...self.branches.map((b) => b.templates), self.elseTemplates ?? []], true);
  }
}

export class BlankAwareLiquidTag extends LiquidTag {
  constructor(...args: ConstructorParameters<typeof LiquidTag>) {
    super(...args);
    markBlank(this, [(this as unknown as { templates: Template[] }).templates], false);
  }
}

export class BlankAwareForTag extends ForTagWithParentloop {
  constructor(...args: ConstructorParameters<typeof ForTagWithParentloop>) {
    super(...args);
    const self = this as unknown as { templates: Template[]; elseTemplates: Template[] };
    markBlank(this, [self.templates, self.elseTemplates], true);
  }
}
