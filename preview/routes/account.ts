import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../context.js';
import type { FormResult } from '../liquid/context.js';
import type { FixtureCustomer } from '../store/types.js';
import { ADDRESS_FIELDS, EMAIL_PATTERN, createCustomerErrors, newPasswordErrors, type AddressInput, type FieldError } from '../platform/customers.js';
import { notice } from '../platform/notices.js';
import { clientKey, RateLimiter } from '../platform/rate-limit.js';
import { field, formBody, refererPath, returnTarget } from './return-to.js';
import { plainPage } from './plain-page.js';
import { escapeHtml } from '../liquid/escape.js';
import type { PageMatch } from './pages.js';
import { registerHostedAccountRoutes } from './hosted-accounts.js';
import { SAME_SITE_ONLY } from '../request-guards.js';

// The classic customer-account forms [FORM] and their answers as the platform gives them:
// redirects on success, the same page rendered again with `form.errors` on failure.

/** Spec §8 / platform throttling: more than 5 recover posts a minute from one client address answer 429. */
export const RECOVER_LIMIT = 5;
export const RECOVER_WINDOW_MS = 60_000;
/** Wrong passwords allowed per account, and per client address, before sign-in is refused for a while. */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURES_PER_CLIENT = 30;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/**
 * Accounts one client address may create an hour: each is kept in memory while the preview runs,
 * so a client posting sign-ups in a loop would grow it without end (the platform puts such a
 * client through its captcha challenge).
 */
export const SIGN_UPS_PER_CLIENT = 20;
export const SIGN_UP_WINDOW_MS = 60 * 60_000;

type Body = Record<string, unknown>;

function formErrors(language: string, errors: FieldError[]): FormResult['errors'] {
  return errors.map((e) => ({
    field: e.field,
    message: notice(language, e.key, e.params),
    translatedField: e.field === 'form' ? '' : notice(language, `attributes.${e.field}`),
  }));
}

function failed(language: string, errors: FieldError[], values: Record<string, string> = {}): FormResult {
  return { errors: formErrors(language, errors), postedSuccessfully: false, values };
}

const succeeded = (values: Record<string, string> = {}): FormResult => ({ errors: [], postedSuccessfully: true, values });

/** `address[city]` fields of a customer_address form. */
function addressInput(body: Body): AddressInput {
  const input: AddressInput = {};
  for (const name of ADDRESS_FIELDS) {
    const key = `address[${name}]`;
    if (key in body) input[name] = field(body, key);
  }
  return input;
}

function isTicked(value: string): boolean {
  return value === '1' || value === 'true' || value === 'on';
}

/** `path?query#hash` with one more query parameter. */
function withParam(target: string, name: string, value: string): string {
  const [beforeHash = '', hash] = target.split('#');
  const [path = '', search = ''] = beforeHash.split('?');
  const query = new URLSearchParams(search);
  query.set(name, value);
  return `${path}?${query}${hash !== undefined ? `#${hash}` : ''}`;
}

export function registerAccountRoutes(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  const root = `${prefix}/`;
  registerContactRoute(app, preview, language, prefix);
  // Today's accounts have no legacy forms: /account… are the platform's hosted pages.
  if (preview.accounts === 'current') {
    registerHostedAccountRoutes(app, preview, language, prefix);
    return;
  }
  // One limiter per language would let a client double its allowance; share them per preview.
  const limits = limitsFor(preview);

  const page = (template: string, pageType: string): PageMatch => ({ template, pageType });

  const renderAgain = (request: FastifyRequest, reply: FastifyReply, match: PageMatch, path: string, formType: string, result: FormResult, status?: number) => {
    const drops = preview.drops(language, preview.session(request, reply).currency);
    return preview.renderMatch(request, reply, { language, match, path, drops, formResults: { [formType]: result }, ...(status ? { status } : {}) });
  };

  const signedIn = (request: FastifyRequest, reply: FastifyReply): FixtureCustomer | null => preview.customers.get(preview.session(request, reply).customerId);

  /** The platform's answer to a client over a limit: 429, when to come back, and the way home. */
  const tooManyRequests = (reply: FastifyReply, limiter: RateLimiter, client: string) =>
    reply
      .status(429)
      .header('retry-after', String(limiter.retryAfter(client)))
      .header('content-language', language)
      .type('text/html; charset=utf-8')
      .send(plainPage(language, notice(language, 'too_many_requests'), `<p><a href="${prefix}/">${escapeHtml(preview.store().shop.name)}</a></p>`));

  // ---- sign in / sign out -------------------------------------------------------------------

  app.post(`${prefix}/account/login`, SAME_SITE_ONLY, async (request, reply) => {
    const body = formBody(request);
    if (field(body, 'guest') === 'true') return reply.redirect(returnTarget(request, body['return_to'], root), 302);
    const email = field(body, 'customer[email]');
    const loginPage = page('customers/login', 'customers/login');
    const account = `account:${email.trim().toLowerCase().slice(0, 255)}`;
    const client = clientKey(request.ip);
    // Once an account or a client has guessed wrong too often, even the right password waits.
    if (limits.loginFailures.isOver(account) || limits.loginClientFailures.isOver(client)) {
      const retry = Math.max(limits.loginFailures.retryAfter(account), limits.loginClientFailures.retryAfter(client));
      reply.header('retry-after', String(retry));
      return renderAgain(
        request,
        reply,
        loginPage,
        '/account/login',
        'customer_login',
        failed(language, [{ field: 'form', key: 'too_many_attempts' }], { email: email.slice(0, 255) }),
        429,
      );
    }
    const customer = preview.customers.authenticate(email, field(body, 'customer[password]'));
    if (!customer) {
      limits.loginFailures.hit(account);
      limits.loginClientFailures.hit(client);
      return renderAgain(
        request,
        reply,
        loginPage,
        '/account/login',
        'customer_login',
        failed(language, [{ field: 'form', key: 'invalid_credentials' }], { email: email.slice(0, 255) }),
      );
    }
    // A new session id at sign-in: an id planted before it (fixation) signs nobody in.
    preview.renewSession(request, reply).customerId = customer.id;
    return reply.redirect(returnTarget(request, body['return_to'], `${prefix}/account`), 302);
  });

  app.get(`${prefix}/account/logout`, async (request, reply) => {
    const session = preview.existingSession(request);
    if (session) session.customerId = null;
    return reply.redirect(root, 302);
  });

  // Spec §2: a used or wrong reset link lands here and goes home.
  app.get(`${prefix}/account/invalid_token`, async (_request, reply) => reply.redirect(root, 302));

  // ---- create_customer and customer_update (both POST /account) --------------------------------

  app.post(`${prefix}/account`, SAME_SITE_ONLY, async (request, reply) => {
    const body = formBody(request);
    if (field(body, '_method').toLowerCase() === 'put' || field(body, 'form_type') === 'customer_update') {
      const customer = signedIn(request, reply);
      if (!customer) return reply.redirect(`${prefix}/account/login`, 302);
      // Name and email are read-only (spec §5); only the marketing choice can change here.
      const marketing = field(body, 'customer[accepts_marketing]');
      if (marketing) customer.accepts_marketing = isTicked(marketing);
      return reply.redirect(`${prefix}/account`, 302);
    }
    const client = clientKey(request.ip);
    if (limits.signUps.isOver(client)) return tooManyRequests(reply, limits.signUps, client);
    const email = field(body, 'customer[email]').trim();
    const password = field(body, 'customer[password]');
    const values = {
      email: email.slice(0, 255),
      first_name: field(body, 'customer[first_name]').slice(0, 255),
      last_name: field(body, 'customer[last_name]').slice(0, 255),
    };
    const errors = createCustomerErrors(preview.customers, { email, password });
    if (errors.length) {
      return renderAgain(
        request,
        reply,
        page('customers/register', 'customers/register'),
        '/account/register',
        'create_customer',
        failed(language, errors, values),
      );
    }
    const customer = preview.customers.create({
      email,
      password,
      first_name: values.first_name,
      last_name: values.last_name,
      tags: field(body, 'customer[tags]').split(','),
      accepts_marketing: isTicked(field(body, 'customer[accepts_marketing]')),
    });
    limits.signUps.hit(client);
    preview.renewSession(request, reply).customerId = customer.id;
    return reply.redirect(returnTarget(request, body['return_to'], root), 302);
  });

  // ---- recover_customer_password -------------------------------------------------------------

  app.post(`${prefix}/account/recover`, SAME_SITE_ONLY, async (request, reply) => {
    // Counted per client address: a client that drops its cookie is still the same client.
    const client = clientKey(request.ip);
    if (limits.recover.exceeded(client)) return tooManyRequests(reply, limits.recover, client);
    const body = formBody(request);
    const email = field(body, 'email').trim();
    const login = page('customers/login', 'customers/login');
    if (!email)
      return renderAgain(request, reply, login, '/account/login', 'recover_customer_password', failed(language, [{ field: 'email', key: 'blank' }], { email }));
    if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
      return renderAgain(
        request,
        reply,
        login,
        '/account/login',
        'recover_customer_password',
        failed(language, [{ field: 'email', key: 'invalid_email' }], { email: email.slice(0, 255) }),
      );
    }
    // A known and an unknown address get the same answer, so the form tells nobody who has an account.
    const customer = preview.customers.findByEmail(email);
    if (customer) {
      // No mail leaves the preview: the link the email would carry is printed for the developer.
      preview.log(
        `[preview] password reset link for ${customer.email}: ${preview.origin(request)}${prefix}/account/reset/${customer.id}/${preview.customers.issueResetToken(customer)}`,
      );
    }
    return renderAgain(request, reply, login, '/account/login', 'recover_customer_password', succeeded({ email }));
  });

  // ---- reset_customer_password ---------------------------------------------------------------

  const reset = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = formBody(request);
    const params = (request.params ?? {}) as Record<string, string>;
    const id = field(body, 'id') || params['id'] || '';
    const token = field(body, 'token') || params['token'] || '';
    const customer = preview.customers.checkResetToken(id, token);
    if (!customer) return reply.redirect(`${prefix}/account/invalid_token`, 302);
    const errors = newPasswordErrors(field(body, 'customer[password]'), field(body, 'customer[password_confirmation]'));
    if (errors.length) {
      return renderAgain(
        request,
        reply,
        page('customers/reset_password', 'customers/reset_password'),
        `/account/reset/${customer.id}/${token}`,
        'reset_customer_password',
        failed(language, errors),
      );
    }
    preview.customers.resetPassword(customer, field(body, 'customer[password]'));
    preview.renewSession(request, reply).customerId = customer.id;
    return reply.redirect(`${prefix}/account`, 302);
  };
  app.post(`${prefix}/account/reset`, SAME_SITE_ONLY, reset);
  app.post(`${prefix}/account/reset/:id/:token`, SAME_SITE_ONLY, reset);

  // ---- customer_address ----------------------------------------------------------------------

  const addresses = `${prefix}/account/addresses`;

  app.post(`${prefix}/account/addresses`, SAME_SITE_ONLY, async (request, reply) => {
    const customer = signedIn(request, reply);
    if (!customer) return reply.redirect(`${prefix}/account/login`, 302);
    const body = formBody(request);
    preview.customers.createAddress(customer, addressInput(body), isTicked(field(body, 'address[default]')));
    preview.session(request, reply).flash = { formType: 'customer_address', result: succeeded() };
    return reply.redirect(addresses, 302);
  });

  app.post(`${prefix}/account/addresses/:id`, SAME_SITE_ONLY, async (request, reply) => {
    const customer = signedIn(request, reply);
    if (!customer) return reply.redirect(`${prefix}/account/login`, 302);
    const { id = '' } = request.params as { id?: string };
    const address = /^\d{1,18}$/.test(id) ? preview.customers.address(customer, Number(id)) : null;
    if (!address) return preview.renderNotFound(request, reply, language);
    const body = formBody(request);
    const method = field(body, '_method').toLowerCase();
    if (method === 'delete') {
      preview.customers.deleteAddress(customer, address);
    } else {
      preview.customers.updateAddress(customer, address, addressInput(body), isTicked(field(body, 'address[default]')));
    }
    preview.session(request, reply).flash = { formType: 'customer_address', result: succeeded() };
    return reply.redirect(addresses, 302);
  });
}

/** The newsletter (customer) and contact forms: posted to /contact with either kind of accounts. */
function registerContactRoute(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  const root = `${prefix}/`;
  app.post(`${prefix}/contact`, SAME_SITE_ONLY, async (request, reply) => {
    const body = formBody(request);
    const formType = field(body, 'form_type') === 'contact' ? 'contact' : 'customer';
    const back = returnTarget(request, body['return_to'], refererPath(request) ?? root).split('#')[0]!;
    const email = field(body, 'contact[email]').trim();
    const session = preview.session(request, reply);
    const error: FieldError | null = !email
      ? { field: 'email', key: 'blank' }
      : email.length > 255 || !EMAIL_PATTERN.test(email)
        ? { field: 'email', key: 'invalid_email' }
        : null;
    if (error) {
      session.flash = { formType, result: failed(language, [error], { email: email.slice(0, 255) }) };
      return reply.redirect(`${back}#contact_form`, 302);
    }
    if (formType === 'customer') {
      const customer = preview.customers.findByEmail(email);
      if (customer) customer.accepts_marketing = true;
    }
    return reply.redirect(`${withParam(back, `${formType}_posted`, 'true')}#contact_form`, 302);
  });
}

interface AccountLimits {
  recover: RateLimiter;
  signUps: RateLimiter;
  loginFailures: RateLimiter;
  loginClientFailures: RateLimiter;
}

const limiters = new WeakMap<PreviewContext, AccountLimits>();
function limitsFor(preview: PreviewContext): AccountLimits {
  let limits = limiters.get(preview);
  if (!limits) {
    limits = {
      recover: new RateLimiter(RECOVER_LIMIT, RECOVER_WINDOW_MS, () => preview.now()),
      signUps: new RateLimiter(SIGN_UPS_PER_CLIENT, SIGN_UP_WINDOW_MS, () => preview.now()),
      loginFailures: new RateLimiter(LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS, () => preview.now()),
      loginClientFailures: new RateLimiter(LOGIN_FAILURES_PER_CLIENT, LOGIN_WINDOW_MS, () => preview.now()),
    };
    limiters.set(preview, limits);
  }
  return limits;
}
