// The platform's product JSON (Ajax Product API: GET /{locale}/products/{handle}.js, prices in the
// shopper's currency) as quick add reads it; anything else is no product (null).
import type { QuickAddProduct } from '../../shared/stores/quick-add';

type Answer = {
  id?: unknown;
  title?: unknown;
  featured_image?: unknown;
  options?: unknown;
  variants?: unknown;
};
type AnswerVariant = { id?: unknown; available?: unknown; options?: unknown; price?: unknown; compare_at_price?: unknown };

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const money = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function readProduct(answer: unknown, url: string, preorder: boolean): QuickAddProduct | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as Answer;
  if (typeof a.id !== 'number' || !Array.isArray(a.variants)) return null;
  // The options are their names (as the preview and older answers give them) or objects with one.
  const optionNames = Array.isArray(a.options)
    ? a.options.map((o: unknown) => (typeof o === 'object' && o !== null ? text((o as { name?: unknown }).name) : text(o)))
    : [];
  const variants = (a.variants as AnswerVariant[]).flatMap((v) => {
    const price = money(v?.price);
    if (typeof v?.id !== 'number' || price === null) return [];
    const options = Array.isArray(v.options) ? v.options.map(text) : [];
    const compareAt = money(v.compare_at_price);
    return [{ id: v.id, available: v.available === true, options, price, compareAt: compareAt !== null && compareAt > price ? compareAt : null }];
  });
  if (!variants.length) return null;
  const first = variants.find((v) => v.available) ?? variants[0]!;
  return {
    id: a.id,
    title: typeof a.title === 'string' ? a.title : '',
    url,
    price: first.price,
    compareAt: first.compareAt,
    image: typeof a.featured_image === 'string' ? a.featured_image : '',
    preorder,
    optionNames,
    variants,
  };
}
