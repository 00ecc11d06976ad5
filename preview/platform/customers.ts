import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FixtureAddress, FixtureCustomer, Store } from '../store/types.js';

// Customer accounts as the preview holds them: a mutable copy of the fixture customers, made
// when the preview starts and kept for as long as it runs. Sign-ups, new passwords and address
// changes live here; the fixture files are never written.

/** The platform's minimum for a customer password (create_customer). */
export const PASSWORD_MIN = 5;
/** Spec §5: a new password (reset) has at least 12 characters of four kinds. */
export const NEW_PASSWORD_MIN = 12;
const FIELD_MAX = 255;

/** How long a reset link works, as the platform's reset emails say (a day). */
export const RESET_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Outstanding reset links kept at most (the oldest go first). */
const MAX_RESET_TOKENS = 10_000;

/** The address fields a customer_address form may set. */
export const ADDRESS_FIELDS = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'country', 'province', 'zip', 'phone'] as const;
export type AddressInput = Partial<Record<(typeof ADDRESS_FIELDS)[number], string>>;

export const EMAIL_PATTERN = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]{2,}$/;

export class CustomerAccounts {
  private byId = new Map<number, FixtureCustomer>();
  private byEmail = new Map<string, FixtureCustomer>();
  private nextCustomerId: number;
  private nextAddressId: number;
  /** Reset links issued and not yet used: token → whose and until when. */
  private resetTokens = new Map<string, { customerId: number; expires: number; used: boolean }>();

  constructor(
    store: Store,
    private readonly now: () => number = Date.now,
  ) {
    for (const fixture of store.customers) this.add(structuredClone(fixture));
    const customers = [...this.byId.values()];
    this.nextCustomerId = Math.max(4000000000, ...customers.map((c) => c.id)) + 1;
    this.nextAddressId = Math.max(4100000000, ...customers.flatMap((c) => c.addresses.map((a) => a.id))) + 1;
  }

  private add(customer: FixtureCustomer): void {
    this.byId.set(customer.id, customer);
    this.byEmail.set(customer.email.toLowerCase(), customer);
  }

  get(id: number | null | undefined): FixtureCustomer | null {
    return id ? (this.byId.get(id) ?? null) : null;
  }

  findByEmail(email: string): FixtureCustomer | null {
    return this.byEmail.get(email.trim().toLowerCase()) ?? null;
  }

  /** The customer whose email and password match, or null. */
  authenticate(email: string, password: string): FixtureCustomer | null {
    const customer = this.findByEmail(email);
    if (!customer || !password) return null;
    return safeEqual(customer.password, password) ? customer : null;
  }

  create(input: { email: string; password: string; first_name?: string; last_name?: string; tags?: string[]; accepts_marketing?: boolean }): FixtureCustomer {
    const customer: FixtureCustomer = {
      id: this.nextCustomerId++,
      email: input.email.trim(),
      password: input.password,
      first_name: clip(input.first_name ?? ''),
      last_name: clip(input.last_name ?? ''),
      phone: '',
      accepts_marketing: !!input.accepts_marketing,
      tags: (input.tags ?? [])
        .map((t) => clip(t))
        .filter(Boolean)
        .slice(0, 20),
      addresses: [],
      default_address_id: null,
      orders: [],
    };
    this.add(customer);
    return customer;
  }

  /** A new reset link's token: random, good for RESET_TOKEN_TTL_MS and for one reset. */
  issueResetToken(customer: FixtureCustomer): string {
    const token = randomBytes(16).toString('hex');
    if (this.resetTokens.size >= MAX_RESET_TOKENS) this.resetTokens.delete(this.resetTokens.keys().next().value!);
    this.resetTokens.set(token, { customerId: customer.id, expires: this.now() + RESET_TOKEN_TTL_MS, used: false });
    return token;
  }

  /** The customer a reset link (id and token) belongs to, or null for a wrong, used or expired link. */
  checkResetToken(id: unknown, token: unknown): FixtureCustomer | null {
    const found = this.findResetToken(id, token);
    return found && !found.issued.used ? found.customer : null;
  }

  /** True for a link that has just set a password (its success view may still be shown). */
  wasResetTokenUsed(id: unknown, token: unknown): boolean {
    return this.findResetToken(id, token)?.issued.used ?? false;
  }

  private findResetToken(id: unknown, token: unknown) {
    const customer = /^\d{1,18}$/.test(String(id ?? '')) ? this.get(Number(id)) : null;
    if (!customer || typeof token !== 'string' || !/^[a-f0-9]{32}$/.test(token)) return null;
    const issued = this.resetTokens.get(token);
    if (!issued || issued.customerId !== customer.id) return null;
    if (issued.expires <= this.now()) {
      this.resetTokens.delete(token);
      return null;
    }
    return { customer, issued };
  }

  /** Sets the new password and spends every reset link the customer holds. */
  resetPassword(customer: FixtureCustomer, password: string): void {
    this.setPassword(customer, password);
    for (const issued of this.resetTokens.values()) if (issued.customerId === customer.id) issued.used = true;
  }

  setPassword(customer: FixtureCustomer, password: string): void {
    customer.password = password;
  }

  address(customer: FixtureCustomer, addressId: number): FixtureAddress | null {
    return customer.addresses.find((a) => a.id === addressId) ?? null;
  }

  createAddress(customer: FixtureCustomer, input: AddressInput, makeDefault: boolean): FixtureAddress {
    const address: FixtureAddress = {
      id: this.nextAddressId++,
      first_name: '',
      last_name: '',
      company: '',
      address1: '',
      address2: '',
      city: '',
      province: '',
      province_code: '',
      country: '',
      country_code: '',
      zip: '',
      phone: '',
    };
    applyAddress(address, input);
    customer.addresses.push(address);
    if (makeDefault || customer.default_address_id === null) customer.default_address_id = address.id;
    return address;
  }

  updateAddress(customer: FixtureCustomer, address: FixtureAddress, input: AddressInput, makeDefault: boolean): void {
    applyAddress(address, input);
    if (makeDefault) customer.default_address_id = address.id;
  }

  deleteAddress(customer: FixtureCustomer, address: FixtureAddress): void {
    customer.addresses = customer.addresses.filter((a) => a.id !== address.id);
    if (customer.default_address_id === address.id) customer.default_address_id = customer.addresses[0]?.id ?? null;
  }
}

function applyAddress(address: FixtureAddress, input: AddressInput): void {
  for (const field of ADDRESS_FIELDS) {
    const value = input[field];
    if (typeof value === 'string') address[field] = clip(value);
  }
}

function clip(value: string): string {
  return value.trim().slice(0, FIELD_MAX);
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface FieldError {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

/** create_customer's checks, with the platform's messages (blank, invalid, taken, too short). */
export function createCustomerErrors(accounts: CustomerAccounts, input: { email: string; password: string }): FieldError[] {
  const errors: FieldError[] = [];
  const email = input.email.trim();
  if (!email) errors.push({ field: 'email', key: 'blank' });
  else if (email.length > FIELD_MAX || !EMAIL_PATTERN.test(email)) errors.push({ field: 'email', key: 'invalid_email' });
  else if (accounts.findByEmail(email)) errors.push({ field: 'email', key: 'taken' });
  if (!input.password) errors.push({ field: 'password', key: 'blank' });
  else if (input.password.length < PASSWORD_MIN) errors.push({ field: 'password', key: 'too_short', params: { count: PASSWORD_MIN } });
  else if (input.password.length > 72) errors.push({ field: 'password', key: 'too_long', params: { count: 72 } });
  return errors;
}

/** Spec §5, enforced on the server too: 12+ characters with lower, upper, digit and symbol, and equal. */
export function newPasswordErrors(password: string, confirmation: string): FieldError[] {
  if (!password) return [{ field: 'password', key: 'blank' }];
  if (password.length < NEW_PASSWORD_MIN) return [{ field: 'password', key: 'too_short', params: { count: NEW_PASSWORD_MIN } }];
  if (password.length > 72) return [{ field: 'password', key: 'too_long', params: { count: 72 } }];
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}\s]/u];
  if (!kinds.every((kind) => kind.test(password))) return [{ field: 'password', key: 'password_rules' }];
  if (password !== confirmation) return [{ field: 'password_confirmation', key: 'password_mismatch' }];
  return [];
}
