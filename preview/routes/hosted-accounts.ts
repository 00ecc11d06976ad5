import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../context.js';
import type { FixtureCustomer, FixtureOrder, Store } from '../store/types.js';
import { escapeHtml, platformJson } from '../liquid/escape.js';
import { formatMoney } from '../liquid/money.js';
import { field, formBody, returnTarget, safePath } from './return-to.js';
import { shopifyAccountStandinScript } from '../standins/shopify-account.js';
import { SAME_SITE_ONLY } from '../request-guards.js';

// Today's customer accounts, imitated. On a shop with them, /account… are the platform's hosted
// pages (orders, profile with addresses), sign-in is passwordless and happens in the
// <shopify-account> component or on the platform's sign-in page, and the theme's customers/*
// templates are never rendered. The preview stands in for all of it with plain pages and a small
// script (preview/standins/shopify-account.ts) that signs the demo customers in without a
// password: a post to /customer_authentication/login (the component's documented default
// sign-in-url), after which the storefront's `customer` object is present as on a shop.

type Strings = Record<string, string>;

const STRINGS: Record<string, Strings> = {
  uk: {
    banner: 'Попередній перегляд: замінник сторінок облікового запису, які на справжньому магазині показує платформа.',
    orders: 'Замовлення',
    profile: 'Профіль',
    addresses: 'Адреси',
    sign_in: 'Вхід',
    sign_in_note: 'Без пароля: оберіть демо-покупця.',
    sign_in_as: 'Увійти як {name}',
    unknown_customer: 'Такого покупця немає в демо-магазині.',
    sign_out: 'Вийти',
    back: 'Повернутися до магазину',
    no_orders: 'Замовлень ще немає.',
    no_addresses: 'Адрес ще немає.',
    default_address: 'Основна адреса',
    order: 'Замовлення {name}',
    date: 'Дата',
    status: 'Оплата',
    total: 'Сума',
    name: "Ім'я",
    email: 'Email',
    account: 'Обліковий запис',
    account_for: 'Обліковий запис: {name}',
    close: 'Закрити',
    greeting: 'Привіт, {name}',
    standin: 'Попередній перегляд: замінник компонента облікового запису платформи.',
  },
  en: {
    banner: 'Preview: a stand-in for the account pages that the platform hosts on a real shop.',
    orders: 'Orders',
    profile: 'Profile',
    addresses: 'Addresses',
    sign_in: 'Sign in',
    sign_in_note: 'No password: choose a demo customer.',
    sign_in_as: 'Sign in as {name}',
    unknown_customer: 'There is no such customer in the demo shop.',
    sign_out: 'Sign out',
    back: 'Back to the shop',
    no_orders: 'No orders yet.',
    no_addresses: 'No addresses yet.',
    default_address: 'Default address',
    order: 'Order {name}',
    date: 'Date',
    status: 'Payment',
    total: 'Total',
    name: 'Name',
    email: 'Email',
    account: 'Account',
    account_for: 'Account: {name}',
    close: 'Close',
    greeting: 'Hi, {name}',
    standin: "Preview: a stand-in for the platform's account component.",
  },
};

function strings(language: string): Strings {
  return STRINGS[language] ?? STRINGS['en']!;
}

function say(language: string, key: string, params: Record<string, string> = {}): string {
  return (strings(language)[key] ?? key).replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '');
}

const displayName = (customer: FixtureCustomer): string => [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email;

/** Where the component and the hosted pages link, in the page's language. */
function accountUrls(prefix: string) {
  return {
    signIn: `${prefix}/customer_authentication/login`,
    orders: `${prefix}/account`,
    profile: `${prefix}/account/profile`,
    signOut: `${prefix}/account/logout`,
    shop: `${prefix}/`,
  };
}

const STANDIN_PATH = '/__preview/shopify-account.js';

/**
 * What content_for_header adds on a shop with today's accounts: the component's script, and
 * (preview only) the facts the stand-in needs, which the real component learns for itself.
 */
export function accountComponentHead(store: Store, customer: FixtureCustomer | null, language: string): string {
  const prefix = language === store.shop.primary_locale ? '' : `/${language}`;
  const data = {
    language,
    urls: accountUrls(prefix),
    customer: customer ? { firstName: customer.first_name || customer.email, name: displayName(customer) } : null,
    customers: store.customers.map((c) => ({ email: c.email, name: displayName(c) })),
    strings: strings(language),
  };
  return `<script type="application/json" id="preview-shopify-account">${platformJson(data)}</script>\n<script src="${STANDIN_PATH}" defer></script>`;
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;color:#111;max-width:48rem;margin:0 auto;padding:1rem}a{color:#111}' +
  '.banner{background:#f4f2ef;padding:.5rem 1rem;font-size:.875rem}nav ul{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;padding:0}' +
  '.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #d9d9d9}' +
  'button{font:inherit;min-height:44px;padding:0 1rem;border:1px solid #111;background:#111;color:#fff;cursor:pointer}' +
  'ul.plain{list-style:none;padding:0}ul.plain li{margin:0 0 .75rem}';

function hostedPage(language: string, prefix: string, title: string, body: string, signedIn: boolean): string {
  const urls = accountUrls(prefix);
  const nav = signedIn
    ? `<nav aria-label="${escapeHtml(say(language, 'account'))}"><ul><li><a href="${urls.orders}">${escapeHtml(say(language, 'orders'))}</a></li>` +
      `<li><a href="${urls.profile}">${escapeHtml(say(language, 'profile'))}</a></li>` +
      `<li><a href="${urls.shop}">${escapeHtml(say(language, 'back'))}</a></li>` +
      `<li><a href="${urls.signOut}">${escapeHtml(say(language, 'sign_out'))}</a></li></ul></nav>`
    : `<nav><ul><li><a href="${urls.shop}">${escapeHtml(say(language, 'back'))}</a></li></ul></nav>`;
  return (
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body data-hosted-account-page>` +
    `<p class="banner">${escapeHtml(say(language, 'banner'))}</p>${nav}<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

function ordersBody(store: Store, language: string, customer: FixtureCustomer): string {
  if (customer.orders.length === 0) return `<p>${escapeHtml(say(language, 'no_orders'))}</p>`;
  const rows = [...customer.orders]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(
      (order) =>
        `<tr><th scope="row">${escapeHtml(order.name)}</th><td>${escapeHtml(order.created_at.slice(0, 10))}</td>` +
        `<td>${escapeHtml(order.financial_status)}</td><td>${escapeHtml(orderTotal(store, order))}</td></tr>`,
    )
    .join('');
  return (
    `<div class="scroll"><table><thead><tr><th scope="col">${escapeHtml(say(language, 'orders'))}</th><th scope="col">${escapeHtml(say(language, 'date'))}</th>` +
    `<th scope="col">${escapeHtml(say(language, 'status'))}</th><th scope="col">${escapeHtml(say(language, 'total'))}</th></tr></thead><tbody>${rows}</tbody></table></div>`
  );
}

/** An order's total in the currency it was placed in, as the platform's pages show it. */
function orderTotal(store: Store, order: FixtureOrder): string {
  return formatMoney(order.total_price, store.shop.money_with_currency_format[order.currency] ?? `{{amount}} ${order.currency}`);
}

function profileBody(language: string, customer: FixtureCustomer): string {
  const facts =
    `<dl><dt>${escapeHtml(say(language, 'name'))}</dt><dd>${escapeHtml(displayName(customer))}</dd>` +
    `<dt>${escapeHtml(say(language, 'email'))}</dt><dd>${escapeHtml(customer.email)}</dd></dl>`;
  const addresses =
    customer.addresses.length === 0
      ? `<p>${escapeHtml(say(language, 'no_addresses'))}</p>`
      : `<ul class="plain">${customer.addresses
          .map((a) => {
            const lines = [
              [a.first_name, a.last_name].filter(Boolean).join(' '),
              a.address1,
              a.address2,
              [a.zip, a.city].filter(Boolean).join(' '),
              a.province,
              a.country,
              a.phone,
            ].filter(Boolean);
            const badge = a.id === customer.default_address_id ? `<strong>${escapeHtml(say(language, 'default_address'))}</strong><br>` : '';
            return `<li><address>${badge}${lines.map(escapeHtml).join('<br>')}</address></li>`;
          })
          .join('')}</ul>`;
  return `${facts}<h2 id="addresses">${escapeHtml(say(language, 'addresses'))}</h2>${addresses}`;
}

function signInBody(store: Store, language: string, prefix: string, returnTo: string, error: string | null): string {
  const urls = accountUrls(prefix);
  const forms = store.customers
    .map(
      (c) =>
        `<li><form method="post" action="${urls.signIn}">` +
        `<input type="hidden" name="email" value="${escapeHtml(c.email)}"><input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">` +
        `<button type="submit">${escapeHtml(say(language, 'sign_in_as', { name: displayName(c) }))}</button></form></li>`,
    )
    .join('');
  const alert = error ? `<p role="alert">${escapeHtml(error)}</p>` : '';
  return `${alert}<p>${escapeHtml(say(language, 'sign_in_note'))}</p><ul class="plain">${forms}</ul>`;
}

export function registerHostedAccountRoutes(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  const urls = accountUrls(prefix);
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('content-language', language).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  const signedIn = (request: FastifyRequest, reply: FastifyReply): FixtureCustomer | null => preview.customers.get(preview.session(request, reply).customerId);
  /** A guest asking for an account page goes to sign in and comes back to it. */
  const toSignIn = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(`${urls.signIn}?return_to=${encodeURIComponent(safePath(request.url) ?? urls.orders)}`, 302);

  if (prefix === '') {
    app.get(STANDIN_PATH, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(shopifyAccountStandinScript()),
    );
  }

  app.get(urls.signIn, async (request, reply) => {
    if (signedIn(request, reply)) return reply.redirect(urls.orders, 302);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const returnTo = safePath(query.get('return_to')) ?? urls.orders;
    return html(reply, 200, hostedPage(language, prefix, say(language, 'sign_in'), signInBody(preview.store(), language, prefix, returnTo, null), false));
  });

  // Passwordless, as the platform's sign-in is; in the preview, any demo customer's email will do.
  app.post(urls.signIn, SAME_SITE_ONLY, async (request, reply) => {
    const body = formBody(request);
    const customer = preview.customers.findByEmail(field(body, 'email').slice(0, 255));
    const returnTo = returnTarget(request, body['return_to'], urls.orders);
    if (!customer) {
      return html(
        reply,
        422,
        hostedPage(
          language,
          prefix,
          say(language, 'sign_in'),
          signInBody(preview.store(), language, prefix, returnTo, say(language, 'unknown_customer')),
          false,
        ),
      );
    }
    // A new session id at sign-in, as with legacy accounts: an id planted before it signs nobody in.
    preview.renewSession(request, reply).customerId = customer.id;
    return reply.redirect(returnTo, 302);
  });

  // routes.account_login_url and the register address lead to the platform's sign-in.
  for (const path of ['/account/login', '/account/register']) {
    app.get(`${prefix}${path}`, async (request, reply) => (signedIn(request, reply) ? reply.redirect(urls.orders, 302) : reply.redirect(urls.signIn, 302)));
  }

  app.get(`${prefix}/account/logout`, async (request, reply) => {
    const session = preview.existingSession(request);
    if (session) session.customerId = null;
    return reply.redirect(urls.shop, 302);
  });

  for (const path of ['/account', '/account/orders']) {
    app.get(`${prefix}${path}`, async (request, reply) => {
      const customer = signedIn(request, reply);
      if (!customer) return toSignIn(request, reply);
      return html(reply, 200, hostedPage(language, prefix, say(language, 'orders'), ordersBody(preview.store(), language, customer), true));
    });
  }

  for (const path of ['/account/profile', '/account/addresses', '/account/personal-details']) {
    app.get(`${prefix}${path}`, async (request, reply) => {
      const customer = signedIn(request, reply);
      if (!customer) return toSignIn(request, reply);
      return html(reply, 200, hostedPage(language, prefix, say(language, 'profile'), profileBody(language, customer), true));
    });
  }

  // The spec's wishlist address: the wishlist is a storefront page with today's accounts.
  app.get(`${prefix}/account/wishlist`, async (_request, reply) => reply.redirect(`${prefix}/collections/all?view=wishlist`, 302));

  // Every other account address (an order, reset and activation links) is the platform's: sign in first.
  app.get(`${prefix}/account/*`, async (request, reply) => {
    const customer = signedIn(request, reply);
    if (!customer) return toSignIn(request, reply);
    return reply.redirect(urls.orders, 302);
  });
}
