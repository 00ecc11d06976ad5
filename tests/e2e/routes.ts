// Every route of spec §2 that renders a page (redirect-only routes are tested by the shell),
// in the primary language; each also answers under /en.
export const GUEST_ROUTES = [
  '/',
  '/pages/about-us',
  '/pages/shipping-and-returns',
  '/pages/public-offer',
  '/pages/terms-of-use',
  '/pages/contacts',
  '/pages/our-story',
  '/pages/default',
  '/collections',
  '/collections/all',
  '/collections/all?category=coats',
  '/collections/all?q=coat&type=product',
  '/collections/new-arrivals',
  '/collections/coats-and-jackets',
  '/collections/accessories',
  '/products/wool-wrap-coat',
  '/products/poncho-sweater',
  '/account/login',
  '/account/register',
  '/cart',
];

export const CUSTOMER_ROUTES = ['/account/orders', '/account/wishlist', '/account/addresses', '/account/personal-details'];

export const PANELS = ['cart', 'login', 'signup', 'forgot-password', 'recover-password', 'size-guide', 'filters'] as const;

export const DEMO_CUSTOMER = { email: 'olena@example.com', password: 'Demo-password-2026!' };

export function inEnglish(path: string): string {
  return path === '/' ? '/en' : `/en${path}`;
}
