import type { FixtureGiftCard, Store } from '../store/types.js';
import { CustomerDrop, ProductDrop, type DropContext } from './drops.js';
import { MoneyDrop } from '../liquid/money.js';

// Gift cards: the recipient form a gift card product's page may post with it (line item
// properties the platform reads when it issues the card), and the issued card's Liquid object
// for its page (/gift_cards/<token>, gift_card.liquid).

/** The property that turns the recipient form on; without it the card goes to the buyer. */
export const SEND_TO_RECIPIENT = '__shopify_send_gift_card_to_recipient';
const EMAIL = 'Recipient email';
const NAME = 'Recipient name';
const MESSAGE = 'Message';
const SEND_ON = 'Send on';
/** The platform's limits on the recipient fields. */
export const MAX_GIFT_MESSAGE = 200;
export const MAX_SEND_ON_DAYS = 90;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The shopper's clock: minutes behind UTC, as the form's `__shopify_offset` sends getTimezoneOffset(). */
const OFFSET = '__shopify_offset';

/** The date on the shopper's calendar at `now` (UTC when the form sends no usable offset). */
export function shopperToday(properties: Record<string, string>, now: Date): string {
  const offset = Number(properties[OFFSET]);
  const minutes = /^-?\d{1,4}$/.test((properties[OFFSET] ?? '').trim()) && Math.abs(offset) <= 14 * 60 ? offset : 0;
  return new Date(now.getTime() - minutes * 60_000).toISOString().slice(0, 10);
}

/**
 * What is wrong with a gift card's recipient properties, keyed as the platform keys its errors
 * (email, name, message, send_on; each a list of messages), or null when nothing is. Only a
 * post that asks to send to a recipient is checked. `today` is the shopper's date (YYYY-MM-DD).
 */
export function recipientErrors(properties: Record<string, string>, today: string): Record<string, string[]> | null {
  if (!properties[SEND_TO_RECIPIENT]) return null;
  const errors: Record<string, string[]> = {};
  const email = (properties[EMAIL] ?? '').trim();
  if (!email) errors['email'] = ["can't be blank"];
  else if (!EMAIL_RE.test(email)) errors['email'] = ['is invalid'];
  if ((properties[NAME] ?? '').length > 255) errors['name'] = ['is too long (maximum is 255 characters)'];
  if ((properties[MESSAGE] ?? '').length > MAX_GIFT_MESSAGE) errors['message'] = [`is too long (maximum is ${MAX_GIFT_MESSAGE} characters)`];
  const sendOn = (properties[SEND_ON] ?? '').trim();
  if (sendOn) {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(sendOn) ? Date.parse(`${sendOn}T00:00:00Z`) : Number.NaN;
    const start = Date.parse(`${today}T00:00:00Z`);
    if (Number.isNaN(date)) errors['send_on'] = ['is invalid'];
    else if (date < start) errors['send_on'] = ["can't be in the past"];
    else if (date > start + MAX_SEND_ON_DAYS * 86_400_000) errors['send_on'] = [`must be within ${MAX_SEND_ON_DAYS} days`];
  }
  return Object.keys(errors).length ? errors : null;
}

/** The gift card whose page this token names. */
export function giftCardByToken(store: Store, token: string): FixtureGiftCard | undefined {
  return store.giftCards.find((card) => card.token === token);
}

/** Whether the card has expired on `today` (YYYY-MM-DD): it is good through its expiry date. */
export function giftCardExpired(card: FixtureGiftCard, today: string): boolean {
  return card.expires_on !== null && card.expires_on < today;
}

/** The Liquid gift_card object of an issued card, for its page. */
export function giftCardObject(ctx: DropContext, card: FixtureGiftCard, today: string, url: string): Record<string, unknown> {
  const product = card.product_handle ? ctx.store.productsByHandle.get(card.product_handle) : undefined;
  const productDrop = product ? new ProductDrop(ctx, product) : null;
  const variant = productDrop && card.variant_id !== null ? (productDrop.variants.find((v) => v.id === card.variant_id) ?? null) : null;
  const customer = card.customer_email ? ctx.store.customersByEmail.get(card.customer_email.toLowerCase()) : undefined;
  const properties = card.properties;
  const recipientEmail = properties['Recipient email'];
  const recipientName = properties['Recipient name'];
  // Money in the card's own currency: the money filters print it so (as an order's amounts).
  const { money_format: formats, money_with_currency_format: withCurrency } = ctx.store.shop;
  const money = (minor: number): MoneyDrop =>
    new MoneyDrop(minor, formats[card.currency] ?? `{{amount}} ${card.currency}`, withCurrency[card.currency] ?? `{{amount}} ${card.currency}`);
  return {
    id: card.id,
    code: card.code,
    last_four_characters: card.code.slice(-4),
    balance: money(card.balance),
    initial_value: money(card.initial_value),
    currency: card.currency,
    enabled: card.enabled,
    expired: giftCardExpired(card, today),
    expires_on: card.expires_on,
    url,
    template_suffix: card.template_suffix,
    // What a QR code on the page encodes: the card's identifier, as the platform gives it.
    qr_identifier: `https://${ctx.store.shop.domain}/gift_cards/${card.token}`,
    // Apple Wallet passes come from the platform's servers: offline there is none.
    pass_url: null,
    properties: Object.keys(properties).length ? Object.entries(properties).map(([name, value]) => ({ name, value })) : null,
    customer: customer ? new CustomerDrop(ctx, customer) : null,
    recipient: recipientEmail ? { email: recipientEmail, name: recipientName ?? null, nickname: (recipientName ?? '').split(/\s+/)[0] || null } : null,
    message: properties['Message'] || null,
    send_on: properties['Send on'] || null,
    product: productDrop,
    variant,
  };
}
