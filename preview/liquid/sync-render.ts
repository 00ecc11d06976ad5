// liquidjs renders in two modes. The async one turns every nested tag, output and filter step
// into a promise and a microtask: a 250-product list index spent most of its time there. Most
// templates need nothing asynchronous, so the preview renders them synchronously and falls back
// to the async mode only when a tag that must wait (a section or theme block rendered through
// its own template) is met. The output is the same either way: what a stopped attempt did is
// done again (all_products' handles are a set; nothing else a render touches keeps count).
import type { Context, Liquid, Template } from 'liquidjs';

/** Thrown by a tag that can only render asynchronously, when asked to render synchronously. */
export class AsyncOnlyTag extends Error {}

/** Call first in a tag that awaits another render: in the sync mode it stops the attempt. */
export function requireAsync(ctx: Context, tag: string): void {
  if (ctx.sync) throw new AsyncOnlyTag(`${tag} renders asynchronously`);
}

function stoppedForAsync(error: unknown): boolean {
  // liquidjs wraps a tag's error in a RenderError per enclosing template (originalError).
  for (let e: unknown = error; e; e = (e as { originalError?: unknown }).originalError) {
    if (e instanceof AsyncOnlyTag) return true;
  }
  return false;
}

/** renderFile, synchronously where the template allows it. */
export async function renderFileFast(liquid: Liquid, file: string, scope: object, options: { globals: object }): Promise<string> {
  try {
    return liquid.renderFileSync(file, scope, options) as string;
  } catch (error) {
    if (!stoppedForAsync(error)) throw error;
    return liquid.renderFile(file, scope, options) as Promise<string>;
  }
}

/** render (parsed templates: a section's), synchronously where the templates allow it. */
export async function renderFast(liquid: Liquid, templates: Template[], scope: object, options: { globals: object }): Promise<string> {
  try {
    return liquid.renderSync(templates, scope, options) as string;
  } catch (error) {
    if (!stoppedForAsync(error)) throw error;
    return liquid.render(templates, scope, options) as Promise<string>;
  }
}
