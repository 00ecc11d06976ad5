// The platform's own notice texts (shopify.notices.cart.*), in the shop's two languages.
const NOTICES: Record<string, Record<string, string>> = {
  en: {
    product_sold_out: "The product '%{name}' is already sold out.",
    too_many_items_in_cart: "You can't add more %{name} to the cart.",
    only_n_items_available: 'You can only add %{count} %{name} to the cart.',
    variant_not_found: 'Cannot find variant',
    missing_parameters: 'no valid id or line parameter',
    invalid_input: '%{parameter} parameter is invalid.',
    too_many_line_items_error: "Your cart can't contain more than %{max} items.",
    generic_error: 'Cart Error',
  },
  uk: {
    product_sold_out: "Товар '%{name}' уже розпродано.",
    too_many_items_in_cart: 'Неможливо додати більше %{name} до кошика.',
    only_n_items_available: 'Можна додати лише %{count} %{name} до кошика.',
    variant_not_found: 'Варіант не знайдено',
    missing_parameters: 'no valid id or line parameter',
    invalid_input: 'Параметр %{parameter} недійсний.',
    too_many_line_items_error: 'Кошик не може містити більше %{max} позицій.',
    generic_error: 'Помилка кошика',
  },
};

export function notice(language: string, key: string, params: Record<string, string | number> = {}): string {
  const template = NOTICES[language]?.[key] ?? NOTICES['en']?.[key] ?? key;
  return template.replace(/%\{(\w+)\}/g, (_m, name: string) => String(params[name] ?? ''));
}
