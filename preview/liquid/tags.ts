import {
  Hash,
  ParseError,
  Parser as LiquidParser,
  Tag,
  TokenKind,
  Value,
  type Context,
  type Emitter,
  type Liquid,
  type TagToken,
  type Template,
  type TopLevelToken,
  type ValueToken,
} from 'liquidjs';
import type { Parser } from 'liquidjs/dist/parser';
import { escapeHtml } from './escape.js';
import { inlineErrorText } from './inline-error.js';
import { requestOf, type FormResult } from './context.js';
import { renderSectionByFile, renderSectionGroup } from './sections.js';
import { ContentForTag } from './content-for.js';
import { requireAsync } from './sync-render.js';
import { RubyTablerowTag } from './tablerow.js';
import { RubyIncludeTag, RubyRenderTag } from './partials.js';
import { IfchangedTag, RubyCycleTag } from './cycle-ifchanged.js';
import { RubyCaseTag } from './case.js';
import { BlankAwareForTag, BlankAwareIfTag, BlankAwareLiquidTag, BlankAwareUnlessTag } from './blank-blocks.js';

type Tokens = TopLevelToken[];

function readBlock(tag: Tag, name: string, remain: Tokens, parser: Parser): Template[] {
  const templates: Template[] = [];
  while (remain.length) {
    const token = remain.shift()!;
    if ((token as TagToken).name === `end${name}`) return templates;
    templates.push(parser.parseToken(token, remain));
  }
  throw new Error(`tag ${tag.token.getText()} not closed`);
}

function skipBlock(name: string, remain: Tokens): void {
  while (remain.length) {
    const token = remain.shift()!;
    if ((token as TagToken).name === `end${name}`) return;
  }
  throw new Error(`tag ${name} not closed`);
}

/**
 * Blocks that describe, never render: {% schema %} (a section to the theme editor) and
 * {% doc %} (a snippet's parameters, LiquidDoc).
 */
function silentBlock(name: string) {
  return class extends Tag {
    constructor(token: TagToken, remain: Tokens, liquid: Liquid) {
      super(token, remain, liquid);
      skipBlock(name, remain);
    }
    render(): void {}
  };
}

function wrappingTag(name: string, open: string, close: string) {
  return class extends Tag {
    templates: Template[];
    constructor(token: TagToken, remain: Tokens, liquid: Liquid, parser: Parser) {
      super(token, remain, liquid);
      this.templates = readBlock(this, name, remain, parser);
    }
    *render(ctx: Context, emitter: Emitter): Generator<unknown, void, string> {
      emitter.write(open);
      yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter);
      emitter.write(close);
    }
  };
}

/** {% layout none %} or {% layout 'name' %}: chooses the layout the page is wrapped in. */
class LayoutTag extends Tag {
  layout: string | null;
  constructor(token: TagToken, remain: Tokens, liquid: Liquid) {
    super(token, remain, liquid);
    const arg = token.args.trim().replace(/^['"]|['"]$/g, '');
    this.layout = arg === 'none' ? null : arg;
  }
  render(ctx: Context): void {
    requestOf(ctx).layout = this.layout;
  }
}

/** {% section 'name' %}: a static section whose ID is its file name. */
class SectionTag extends Tag {
  file: string;
  constructor(token: TagToken, remain: Tokens, liquid: Liquid) {
    super(token, remain, liquid);
    this.file = token.args.trim().replace(/^['"]|['"]$/g, '');
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, string> {
    requireAsync(ctx, 'section');
    emitter.write((yield renderSectionByFile(this.liquid, ctx, this.file)) as string);
  }
}

/** {% sections 'header-group' %}: a section group, rendered only from layouts. */
class SectionsTag extends Tag {
  group: string;
  constructor(token: TagToken, remain: Tokens, liquid: Liquid) {
    super(token, remain, liquid);
    this.group = token.args.trim().replace(/^['"]|['"]$/g, '');
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, string> {
    requireAsync(ctx, 'sections');
    emitter.write((yield renderSectionGroup(this.liquid, ctx, this.group)) as string);
  }
}

interface FormShape {
  action: string;
  id?: string;
  enctype?: string;
  className?: string;
  hidden?: Record<string, string>;
}

function formShape(type: string, object: Record<string, unknown> | undefined, root: string, path: string, query: URLSearchParams): FormShape {
  const prefix = root === '/' ? '' : root.replace(/\/$/, '');
  switch (type) {
    case 'product':
      return { action: `${prefix}/cart/add`, id: `product_form_${object?.['id'] ?? ''}`, enctype: 'multipart/form-data', className: 'shopify-product-form' };
    case 'customer_login':
      return { action: `${prefix}/account/login`, id: 'customer_login' };
    case 'create_customer':
      return { action: `${prefix}/account`, id: 'create_customer' };
    case 'recover_customer_password':
      return { action: `${prefix}/account/recover` };
    case 'reset_customer_password': {
      const [, id = '', token = ''] = /\/account\/reset\/(\d+)\/([^/?#]+)/.exec(path) ?? [];
      return { action: `${prefix}/account/reset`, hidden: { token, id } };
    }
    case 'activate_customer_password':
      return { action: `${prefix}/account/activate` };
    case 'customer_address': {
      const id = object?.['id'];
      if (id) return { action: `${prefix}/account/addresses/${id}`, id: `address_form_${id}`, hidden: { _method: 'put' } };
      return { action: `${prefix}/account/addresses`, id: 'address_form_new' };
    }
    case 'customer':
      return { action: `${prefix}/contact#contact_form`, id: 'contact_form', className: 'contact-form' };
    case 'contact':
      return { action: `${prefix}/contact#contact_form`, id: 'contact_form', className: 'contact-form' };
    case 'localization':
      return {
        action: `${prefix}/localization`,
        id: 'localization_form',
        enctype: 'multipart/form-data',
        hidden: { _method: 'put', return_to: path + (query.toString() ? `?${query}` : '') },
      };
    case 'currency':
      return { action: `${prefix}/cart/update`, id: 'currency_form', enctype: 'multipart/form-data', hidden: { return_to: path } };
    case 'cart':
      if (!object) throw new Error("form 'cart' needs the cart: {% form 'cart', cart %}");
      return { action: `${prefix}/cart`, id: 'cart_form', enctype: 'multipart/form-data', className: 'shopify-cart-form' };
    case 'new_comment': {
      const article = object as { url?: string; id?: unknown } | undefined;
      if (!article?.url) throw new Error("form 'new_comment' needs the article: {% form 'new_comment', article %}");
      return { action: `${article.url}/comments#comment_form`, id: 'comment_form', className: 'comment-form' };
    }
    case 'storefront_password':
      return { action: `${prefix}/password`, id: 'login_form', className: 'storefront-password-form' };
    case 'guest_login':
      return { action: `${prefix}/account/login`, id: 'customer_login_guest', hidden: { guest: 'true' } };
    default:
      throw new Error(`form: unknown form type '${type}'`);
  }
}

/** The form object a form's body sees: errors and echoed values after a failed post. */
export const FORM_RESOURCE = Symbol('form resource');

/** Fields the platform's form object always has (nil until a post echoes them back). */
const FORM_FIELDS = [
  'address1',
  'address2',
  'author',
  'body',
  'city',
  'company',
  'country',
  'email',
  'first_name',
  'id',
  'last_name',
  'name',
  'message',
  'phone',
  'province',
  'zip',
];

function formObject(result: FormResult | undefined, extra: Record<string, unknown>): Record<string, unknown> {
  const errors = result?.errors ?? [];
  const list: unknown[] & { messages?: Record<string, string>; translated_fields?: Record<string, string> } = errors.map((e) => e.field);
  list.messages = Object.fromEntries(errors.map((e) => [e.field, e.message]));
  list.translated_fields = Object.fromEntries(errors.map((e) => [e.field, e.translatedField]));
  return {
    ...Object.fromEntries(FORM_FIELDS.map((f) => [f, null])),
    password_needed: false,
    set_as_default_checkbox: '',
    ...(result?.values ?? {}),
    ...extra,
    errors: errors.length ? list : null,
    'posted_successfully?': result?.postedSuccessfully ?? false,
    posted_successfully: result?.postedSuccessfully ?? false,
  };
}

class FormTag extends Tag {
  type: ValueToken;
  object: ValueToken | undefined;
  hash: Hash;
  templates: Template[];
  constructor(token: TagToken, remain: Tokens, liquid: Liquid, parser: Parser) {
    super(token, remain, liquid);
    const type = this.tokenizer.readValue();
    if (!type) throw new Error(`form: a form type is required in ${token.getText()}`);
    this.type = type;
    this.tokenizer.skipBlank();
    if (this.tokenizer.peek() === ',') {
      this.tokenizer.advance();
      const save = this.tokenizer.p;
      this.tokenizer.skipBlank();
      const ident = this.tokenizer.readIdentifier();
      this.tokenizer.skipBlank();
      const isHashKey = ident.content && this.tokenizer.peek() === ':';
      this.tokenizer.p = save;
      if (!isHashKey) {
        this.tokenizer.skipBlank();
        this.object = this.tokenizer.readValue();
        this.tokenizer.skipBlank();
        if (this.tokenizer.peek() === ',') this.tokenizer.advance();
      }
    }
    this.hash = new Hash(this.tokenizer, liquid.options.keyValueSeparator);
    this.templates = readBlock(this, 'form', remain, parser);
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const request = requestOf(ctx);
    const type = String(yield new Value(this.type.getText(), this.liquid).value(ctx, false));
    const object = this.object ? ((yield new Value(this.object.getText(), this.liquid).value(ctx, false)) as Record<string, unknown>) : undefined;
    const options = (yield this.hash.render(ctx)) as Record<string, unknown>;
    const shape = formShape(type, object, request.rootUrl, request.path, request.query);
    const hidden: Record<string, string> = { form_type: type, utf8: '✓', ...(shape.hidden ?? {}) };
    if (options['return_to']) hidden['return_to'] = String(options['return_to']);
    const id = options['id'] !== undefined ? String(options['id']) : shape.id;
    // A form that brings the shopper back to itself names its own id in the action's fragment
    // (`/contact#ContactFooter` for id: 'ContactFooter'): the browser keeps it over the redirect.
    const action = shape.action.includes('#') && id !== undefined ? `${shape.action.split('#')[0]}#${id}` : shape.action;
    const attrs: Record<string, string | undefined> = {
      method: 'post',
      action,
      id,
      'accept-charset': 'UTF-8',
      class: [shape.className, options['class']].filter(Boolean).join(' ') || undefined,
      enctype: shape.enctype,
      novalidate: options['novalidate'] ? 'novalidate' : undefined,
    };
    for (const [k, v] of Object.entries(options)) {
      if (k.startsWith('data-') || k.startsWith('aria-')) attrs[k] = String(v);
    }
    const attrText = Object.entries(attrs)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
      .join(' ');
    emitter.write(`<form ${attrText}>`);
    const { _method, ...leading } = hidden;
    for (const [name, value] of Object.entries(leading)) emitter.write(`<input type="hidden" name="${name}" value="${escapeHtml(value)}" />`);
    const extra: Record<string, unknown> = type === 'customer_login' ? { password_needed: true } : {};
    if (type === 'customer_address') {
      // An address form shows the address it edits, and the "set as default" checkbox.
      const address = object ?? {};
      for (const f of FORM_FIELDS) if (address[f] !== undefined) extra[f] = address[f];
      const id = address['id'] ?? 'new';
      extra['set_as_default_checkbox'] = `<input type="checkbox" id="address_default_address_${escapeHtml(id)}" name="address[default]" value="1">`;
    }
    if (attrs.id !== undefined) extra['id'] ??= attrs.id;
    const form = formObject(request.formResults[type], extra);
    // The resource the form is for, for filters that print around it (payment_terms, payment_button).
    if (object) Object.defineProperty(form, FORM_RESOURCE, { value: object });
    ctx.push({ form });
    yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter);
    ctx.pop();
    // The platform appends _method just before </form> (observed on address forms).
    if (_method) emitter.write(`<input type="hidden" name="_method" value="${escapeHtml(_method)}" />`);
    emitter.write('</form>');
  }
}

/** Platform page-size limits: larger pages are an error on a real shop, so here too. */
// products and search results: 1 to 250 (shopify.dev, Liquid tags: paginate).
const PAGE_SIZE_LIMITS: Record<string, number> = { orders: 20, addresses: 20 };
const MAX_PAGE_SIZE = 250;
const MAX_PAGINATED_ITEMS = 25_000;

export interface Paginatable {
  paginationTotal(property: string): number;
  setPageWindow(property: string, window: { offset: number; size: number } | null): void;
}

function isPaginatable(value: unknown): value is Paginatable {
  return !!value && typeof (value as Paginatable).setPageWindow === 'function';
}

class PaginateTag extends Tag {
  parentExpression: string;
  property: string;
  topLevel: boolean;
  pageSize: ValueToken;
  // Parsed once: the tag runs on every request of a list page.
  parentValue: Value;
  pageSizeValue: Value;
  hash: Hash;
  templates: Template[];
  constructor(token: TagToken, remain: Tokens, liquid: Liquid, parser: Parser) {
    super(token, remain, liquid);
    const source = this.tokenizer.readValue();
    if (!source) throw new Error(`paginate: nothing to paginate in ${token.getText()}`);
    const text = source.getText();
    const dot = text.lastIndexOf('.');
    // `collections.all.products` pages a property of an object; a bare global (`collections`,
    // `pages`) pages itself.
    this.parentExpression = dot < 0 ? text : text.slice(0, dot);
    this.property = dot < 0 ? '' : text.slice(dot + 1);
    this.topLevel = dot < 0;
    this.tokenizer.skipBlank();
    if (this.tokenizer.readIdentifier().content !== 'by') throw new Error(`paginate: expected 'by' in ${token.getText()}`);
    this.tokenizer.skipBlank();
    const size = this.tokenizer.readValue();
    if (!size) throw new Error(`paginate: a page size is required in ${token.getText()}`);
    this.pageSize = size;
    this.parentValue = new Value(this.parentExpression, liquid);
    this.pageSizeValue = new Value(size.getText(), liquid);
    this.hash = new Hash(this.tokenizer, liquid.options.keyValueSeparator);
    this.templates = readBlock(this, 'paginate', remain, parser);
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const request = requestOf(ctx);
    const parent = yield this.parentValue.value(ctx, false);
    const name = this.topLevel ? this.parentExpression : `${this.parentExpression}.${this.property}`;
    // A section rendered where its list does not exist (main-collection asked for on a page by
    // ?section_id=, or placed on another template) prints the platform's inline error, not a 500.
    if (!isPaginatable(parent)) {
      emitter.write(inlineErrorText(this.token, `Array '${name}' is not paginateable.`));
      return;
    }
    const size = Number(yield this.pageSizeValue.value(ctx, false));
    const limit = PAGE_SIZE_LIMITS[this.property] ?? MAX_PAGE_SIZE;
    if (!Number.isInteger(size) || size < 1 || size > limit) {
      throw new Error(`paginate: page size of ${name} must be 1 to ${limit}, got ${size}`);
    }
    const total = parent.paginationTotal(this.property);
    const pages = Math.max(1, Math.ceil(total / size));
    const requested = Number.parseInt(request.query.get('page') ?? '1', 10);
    // Past the last page the platform answers an empty page; past 25,000 items it stops.
    const lastAllowed = Math.max(1, Math.floor(MAX_PAGINATED_ITEMS / size));
    const current = Number.isFinite(requested) && requested >= 1 ? Math.min(requested, lastAllowed) : 1;
    const offset = (current - 1) * size;
    const pageUrl = (n: number): string => {
      const query = new URLSearchParams(request.query);
      query.set('page', String(n));
      return `${request.path}?${query}`;
    };
    const options = (yield this.hash.render(ctx)) as Record<string, unknown>;
    const windowSize = Number.isInteger(Number(options['window_size'])) && Number(options['window_size']) > 0 ? Number(options['window_size']) : 3;
    const parts = pageParts(pages, current, windowSize, pageUrl);
    const paginate = {
      current_page: current,
      current_offset: offset,
      items: total,
      pages,
      page_size: size,
      page_param: 'page',
      parts,
      previous: current > 1 ? { title: '«', url: pageUrl(current - 1), is_link: true } : null,
      next: current < pages ? { title: '»', url: pageUrl(current + 1), is_link: true } : null,
    };
    parent.setPageWindow(this.property, { offset, size });
    ctx.push({ paginate });
    try {
      yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter);
    } finally {
      ctx.pop();
      parent.setPageWindow(this.property, null);
    }
  }
}

/** paginate.parts: the first and last pages, a window around the current one, gaps as '…'. */
function pageParts(pages: number, current: number, windowSize: number, pageUrl: (n: number) => string): { title: string; url: string; is_link: boolean }[] {
  const parts: { title: string; url: string; is_link: boolean }[] = [];
  // A single page has no page links on the platform.
  if (pages <= 1) return parts;
  let gap = false;
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - current) < windowSize) {
      parts.push({ title: String(n), url: pageUrl(n), is_link: n !== current });
      gap = false;
    } else if (!gap) {
      parts.push({ title: '&hellip;', url: '', is_link: false });
      gap = true;
    }
  }
  return parts;
}

export function registerTags(liquid: Liquid): void {
  liquid.registerTag('schema', silentBlock('schema'));
  liquid.registerTag('doc', silentBlock('doc'));
  liquid.registerTag('style', wrappingTag('style', '<style data-shopify>', '</style>'));
  // Their contents go to the theme's compiled assets, loaded by content_for_header (compiled-assets.ts).
  liquid.registerTag('stylesheet', silentBlock('stylesheet'));
  liquid.registerTag('javascript', silentBlock('javascript'));
  liquid.registerTag('layout', LayoutTag);
  liquid.registerTag('section', SectionTag);
  liquid.registerTag('sections', SectionsTag);
  liquid.registerTag('form', FormTag);
  liquid.registerTag('paginate', PaginateTag);
  liquid.registerTag('content_for', ContentForTag);
  liquid.registerTag('for', BlankAwareForTag);
  liquid.registerTag('if', BlankAwareIfTag);
  liquid.registerTag('unless', BlankAwareUnlessTag);
  liquid.registerTag('liquid', BlankAwareLiquidTag);
  liquid.registerTag('tablerow', RubyTablerowTag);
  liquid.registerTag('include', RubyIncludeTag);
  liquid.registerTag('render', RubyRenderTag);
  liquid.registerTag('cycle', RubyCycleTag);
  liquid.registerTag('ifchanged', IfchangedTag);
  liquid.registerTag('case', RubyCaseTag);
  nameUnknownTags(liquid);
}

/**
 * Engines that parse two things as the platform does: a tag it does not know is "Unknown tag
 * 'name'" (liquidjs: tag "name" not found), and an empty output, `{{ }}`, prints nothing (liquidjs
 * rejected it as an invalid expression).
 */
const RUBY_UNKNOWN_TAG = Symbol('ruby unknown tag');
let unknownTagsNamed = false;

// liquidjs makes a new Parser for each parse, so its prototype's parseToken is wrapped, once.
function nameUnknownTags(liquid: Liquid): void {
  (liquid.options as unknown as Record<symbol, boolean>)[RUBY_UNKNOWN_TAG] = true;
  if (unknownTagsNamed) return;
  unknownTagsNamed = true;
  type ParseToken = (this: { liquid: Liquid }, token: TopLevelToken, remain: Tokens) => Template;
  const proto = LiquidParser.prototype as unknown as { parseToken: ParseToken };
  const parseToken = proto.parseToken;
  proto.parseToken = function (token, remain) {
    const name = (token as TagToken).name;
    const named = (this.liquid.options as unknown as Record<symbol, boolean>)[RUBY_UNKNOWN_TAG];
    if (named && token.kind === TokenKind.Tag && !(name in this.liquid.tags)) throw new ParseError(new Error(`Unknown tag '${name}'`), token);
    if (named && token.kind === TokenKind.Output && (token as unknown as { content: string }).content.trim() === '')
      return { token, *render() {} } as unknown as Template;
    return parseToken.call(this, token, remain);
  };
}
