// Reads a fixture store folder (shop.json, products.json, collections.json, menus.json,
// pages.json, customers.json, images/, and the optional blogs.json and filters.json), validates every file, checks references between them,
// and returns typed data with indexes. Bad data fails loudly with the file and field at fault.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { imageNameProblem } from './file-names.js';
import { checkProductLinks, readFocalPoint, readLinkedMetafield, readMetaobjects, readProductMedia } from './load-media.js';
import { readCommerce, readOrderAllocations, readOrderDiscounts, readUnitPriceMeasurement } from './load-commerce.js';
import { CURRENCY_RE, EMAIL_RE, FieldReader, HANDLE_RE, LANG_RE, readJsonFile, StoreValidationError, UniqueSet, type Json } from './field-reader.js';
import {
  FINANCIAL_STATUSES,
  type FinancialStatus,
  type FixtureAddress,
  type FixtureArticle,
  type FixtureBlog,
  type FixtureComment,
  type FixtureFilter,
  type FixtureCollection,
  type FixtureCustomer,
  type FixtureImage,
  type FixtureLineItem,
  type FixtureLink,
  type FixtureLook,
  type FixtureMenu,
  type FixtureMenus,
  type FixtureMetafieldDefinitions,
  type FixtureOrder,
  type FixturePage,
  type FixtureProduct,
  type FixtureShippingAddress,
  type FixtureShop,
  type FixtureVariant,
  type InventoryPolicy,
  type LanguageCode,
  type LocalizedString,
  type MoneyByCurrency,
  type Store,
} from './types.js';

export type * from './types.js';
export { StoreValidationError };

export const STORE_FILES = ['shop.json', 'products.json', 'collections.json', 'menus.json', 'pages.json', 'customers.json'] as const;

// ---------------------------------------------------------------- localize

/**
 * The text of a localized string in `lang`. A missing (or empty) translation falls back to the
 * primary language, then to any language that has text; a plain string is returned as is.
 * A regional code ("en-US") also matches its language ("en").
 */
export function localize(value: LocalizedString | null | undefined, lang: LanguageCode, primary: LanguageCode = 'uk'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  const pick = (code: string): string | undefined => {
    const text = value[code];
    return typeof text === 'string' && text !== '' ? text : undefined;
  };
  const base = lang.split('-')[0] ?? lang;
  const found = pick(lang) ?? pick(base) ?? pick(primary);
  if (found !== undefined) return found;
  for (const text of Object.values(value)) if (typeof text === 'string' && text !== '') return text;
  return '';
}

// ---------------------------------------------------------------- store folder

// ---------------------------------------------------------------- field readers

interface Context {
  imagesDir: string;
  imageFiles: Set<string>;
  currencies: string[];
}

function imageFile(r: FieldReader, v: Json, path: string, ctx: Context): string {
  const name = r.string(v, path, { nonEmpty: true });
  const problem = imageNameProblem(name);
  if (problem) r.fail(path, `image file name ${JSON.stringify(name)} ${problem}`);
  if (!ctx.imageFiles.has(name)) r.fail(path, `image file ${JSON.stringify(name)} does not exist in ${ctx.imagesDir}`);
  return name;
}

function templateSuffix(r: FieldReader, v: Json, path: string): string | null {
  return v === undefined || v === null ? null : r.string(v, path, { pattern: /^[a-z0-9_-]+$/, what: 'a template suffix' });
}

function optImageFile(r: FieldReader, v: Json, path: string, ctx: Context): string | null {
  return v === undefined || v === null ? null : imageFile(r, v, path, ctx);
}

// ---------------------------------------------------------------- shop.json

function readShop(json: Json): FixtureShop {
  const r = new FieldReader('shop.json');
  const o = r.object(json, '');
  const locales = r.stringList(o['locales'], 'locales', { nonEmptyItems: true });
  if (locales.length === 0) r.fail('locales', 'needs at least one language');
  locales.forEach((l, i) => {
    if (!LANG_RE.test(l)) r.fail(`locales[${i}]`, `${JSON.stringify(l)} is not a language code`);
  });
  const primary = r.string(o['primary_locale'], 'primary_locale', { nonEmpty: true });
  if (!locales.includes(primary)) r.fail('primary_locale', `${JSON.stringify(primary)} is not in locales (${locales.join(', ')})`);

  const currencies = r.array(o['currencies'], 'currencies').map((c, i) => {
    const co = r.object(c, `currencies[${i}]`);
    return {
      iso_code: r.string(co['iso_code'], `currencies[${i}].iso_code`, { pattern: CURRENCY_RE, what: 'an ISO 4217 code' }),
      symbol: r.string(co['symbol'], `currencies[${i}].symbol`, { nonEmpty: true }),
      // Units of this currency per unit of the shop's (the first) currency, as the platform's
      // exchange rate; the shop's own currency is 1. Absent: 1, as before rates were stored.
      rate: i === 0 || co['rate'] === undefined ? 1 : r.number(co['rate'], `currencies[${i}].rate`, { min: Number.MIN_VALUE }),
    };
  });
  if (currencies.length === 0) r.fail('currencies', 'needs at least one currency');
  const codes = new UniqueSet<string>(r, 'currency');
  currencies.forEach((c, i) => codes.add(c.iso_code, `currencies[${i}].iso_code`));

  const formats = (key: string): Record<string, string> => {
    const fo = r.object(o[key], key);
    const out: Record<string, string> = {};
    for (const c of currencies) {
      const f = r.string(fo[c.iso_code], `${key}.${c.iso_code}`, { nonEmpty: true });
      if (!/\{\{\s*amount\w*\s*\}\}/.test(f)) r.fail(`${key}.${c.iso_code}`, `${JSON.stringify(f)} has no {{amount…}} placeholder`);
      out[c.iso_code] = f;
    }
    return out;
  };

  const s = r.object(o['settings'], 'settings');
  const sharingImage = o['social_sharing_image'];
  return {
    name: r.string(o['name'], 'name', { nonEmpty: true }),
    email: r.string(o['email'], 'email', { pattern: EMAIL_RE, what: 'an email address' }),
    domain: r.string(o['domain'], 'domain', { nonEmpty: true }),
    primary_locale: primary,
    locales,
    currencies,
    money_format: formats('money_format'),
    money_with_currency_format: formats('money_with_currency_format'),
    settings: {
      zoom_enabled: r.boolean(s['zoom_enabled'], 'settings.zoom_enabled'),
      contact_manager_url: r.string(s['contact_manager_url'], 'settings.contact_manager_url', { nonEmpty: true }),
      support_email: r.string(s['support_email'], 'settings.support_email', { pattern: EMAIL_RE, what: 'an email address' }),
      social_url: r.string(s['social_url'], 'settings.social_url', { nonEmpty: true }),
      social_handle: r.string(s['social_handle'], 'settings.social_handle', { nonEmpty: true }),
    },
    social_sharing_image:
      sharingImage === undefined || sharingImage === null
        ? null
        : r.string(sharingImage, 'social_sharing_image', { pattern: /^[\w.-]+\.(?:jpe?g|png|webp)$/, what: 'an image file name in images/' }),
  };
}

// ---------------------------------------------------------------- products.json

function readMoney(r: FieldReader, v: Json, path: string, ctx: Context): MoneyByCurrency {
  const o = r.object(v, path);
  const out: MoneyByCurrency = {};
  for (const code of ctx.currencies) out[code] = r.int(o[code], `${path}.${code}`, { min: 0 });
  for (const key of Object.keys(o)) {
    if (!ctx.currencies.includes(key)) r.fail(`${path}.${key}`, `${JSON.stringify(key)} is not a shop currency (${ctx.currencies.join(', ')})`);
  }
  return out;
}

function readProducts(json: Json, ctx: Context): FixtureProduct[] {
  const r = new FieldReader('products.json');
  const ids = new UniqueSet<number>(r, 'product id');
  const handles = new UniqueSet<string>(r, 'product handle');
  const variantIds = new UniqueSet<number>(r, 'variant id');
  const imageIds = new UniqueSet<number>(r, 'image id');
  const styleNumbers = new UniqueSet<string>(r, 'style number');

  return r.array(json, '').map((item, index) => {
    let at = `[${index}]`;
    const o = r.object(item, at);
    const handle = r.string(o['handle'], `${at}.handle`, { pattern: HANDLE_RE, what: 'a handle (lower-case letters, digits and single hyphens)' });
    at = `[${index} "${handle}"]`;
    const id = r.id(o['id'], `${at}.id`);
    ids.add(id, `${at}.id`);
    handles.add(handle, `${at}.handle`);

    const options = r.array(o['options'], `${at}.options`).map((opt, oi) => {
      const op = r.object(opt, `${at}.options[${oi}]`);
      const values = r.stringList(op['values'], `${at}.options[${oi}].values`, { nonEmptyItems: true });
      if (values.length === 0) r.fail(`${at}.options[${oi}].values`, 'needs at least one value');
      const unique = new UniqueSet<string>(r, 'option value');
      values.forEach((v, vi) => unique.add(v, `${at}.options[${oi}].values[${vi}]`));
      const linked = readLinkedMetafield(r, op['linked_metafield'], `${at}.options[${oi}].linked_metafield`);
      return { name: r.localized(op['name'], `${at}.options[${oi}].name`, { nonEmpty: true }), values, ...(linked ? { linked_metafield: linked } : {}) };
    });
    if (options.length === 0 || options.length > 3) r.fail(`${at}.options`, `needs 1 to 3 options, got ${options.length}`);

    const productPolicy =
      o['inventory_policy'] === undefined ? undefined : r.oneOf<InventoryPolicy>(o['inventory_policy'], `${at}.inventory_policy`, ['deny', 'continue']);
    const combos = new UniqueSet<string>(r, 'variant option combination');
    const variants = r.array(o['variants'], `${at}.variants`).map((v, vi): FixtureVariant => {
      const vat = `${at}.variants[${vi}]`;
      const vo = r.object(v, vat);
      const vid = r.id(vo['id'], `${vat}.id`);
      variantIds.add(vid, `${vat}.id`);
      const values = r.stringList(vo['options'], `${vat}.options`, { nonEmptyItems: true });
      if (values.length !== options.length) r.fail(`${vat}.options`, `has ${values.length} values but the product has ${options.length} options`);
      values.forEach((value, k) => {
        if (!options[k]!.values.includes(value)) {
          r.fail(`${vat}.options[${k}]`, `${JSON.stringify(value)} is not a value of option ${k} (${options[k]!.values.join(', ')})`);
        }
      });
      combos.add(values.join(' / '), `${vat}.options`);
      const policy =
        vo['inventory_policy'] === undefined
          ? (productPolicy ?? 'deny')
          : r.oneOf<InventoryPolicy>(vo['inventory_policy'], `${vat}.inventory_policy`, ['deny', 'continue']);
      return {
        id: vid,
        options: values,
        price: readMoney(r, vo['price'], `${vat}.price`, ctx),
        compare_at_price:
          vo['compare_at_price'] === undefined || vo['compare_at_price'] === null ? null : readMoney(r, vo['compare_at_price'], `${vat}.compare_at_price`, ctx),
        inventory_quantity: r.int(vo['inventory_quantity'], `${vat}.inventory_quantity`),
        inventory_policy: policy,
        sku: r.optString(vo['sku'], `${vat}.sku`),
        ...(vo['unit_price_measurement'] === undefined
          ? {}
          : { unit_price_measurement: readUnitPriceMeasurement(r, vo['unit_price_measurement'], `${vat}.unit_price_measurement`) }),
        ...(vo['image_id'] === undefined ? {} : { image_id: r.id(vo['image_id'], `${vat}.image_id`) }),
      };
    });
    if (variants.length === 0) r.fail(`${at}.variants`, 'needs at least one variant');

    const images = (o['images'] === undefined ? [] : r.array(o['images'], `${at}.images`)).map((img, ii): FixtureImage => {
      const iat = `${at}.images[${ii}]`;
      const io = r.object(img, iat);
      const iid = r.id(io['id'], `${iat}.id`);
      imageIds.add(iid, `${iat}.id`);
      return {
        id: iid,
        file: imageFile(r, io['file'], `${iat}.file`, ctx),
        width: r.int(io['width'], `${iat}.width`, { min: 1 }),
        height: r.int(io['height'], `${iat}.height`, { min: 1 }),
        alt: r.optLocalized(io['alt'], `${iat}.alt`),
        ...(io['focal_point'] === undefined ? {} : { focal_point: readFocalPoint(r, io['focal_point'], `${iat}.focal_point`)! }),
      };
    });
    const media = readProductMedia(r, o['media'], at, ctx, imageIds);

    const metafields = r.object(o['metafields'], `${at}.metafields`);
    const mf = r.object(metafields['custom'], `${at}.metafields.custom`);
    const discovery = metafields[DISCOVERY_NAMESPACE];
    const dat = `${at}.metafields.${DISCOVERY_NAMESPACE}`;
    const complementary =
      discovery === undefined
        ? undefined
        : r.stringList(r.object(discovery, dat)['complementary_products'], `${dat}.complementary_products`, { nonEmptyItems: true });
    const styleNumber = r.string(mf['style_number'], `${at}.metafields.custom.style_number`, { nonEmpty: true });
    styleNumbers.add(styleNumber, `${at}.metafields.custom.style_number`);

    const product: FixtureProduct = {
      id,
      handle,
      title: r.localized(o['title'], `${at}.title`, { nonEmpty: true }),
      description: r.optLocalized(o['description'], `${at}.description`),
      template_suffix: templateSuffix(r, o['template_suffix'], `${at}.template_suffix`),
      type: r.string(o['type'], `${at}.type`, { nonEmpty: true }),
      vendor: r.optString(o['vendor'], `${at}.vendor`),
      created_at: r.isoDate(o['created_at'], `${at}.created_at`),
      tags: o['tags'] === undefined ? [] : r.stringList(o['tags'], `${at}.tags`, { nonEmptyItems: true }),
      options,
      variants,
      images,
      ...(media ? { media } : {}),
      metafields: {
        custom: {
          style_number: styleNumber,
          materials: r.localized(mf['materials'], `${at}.metafields.custom.materials`),
          preorder: r.oneOf(mf['preorder'], `${at}.metafields.custom.preorder`, ['true', 'false'] as const),
          info: r.optLocalized(mf['info'], `${at}.metafields.custom.info`),
        },
        ...(complementary === undefined ? {} : { [DISCOVERY_NAMESPACE]: { complementary_products: complementary } }),
      },
    };
    if (productPolicy !== undefined) product.inventory_policy = productPolicy;
    if (o['gift_card'] !== undefined) product.gift_card = r.boolean(o['gift_card'], `${at}.gift_card`);
    return product;
  });
}

// ---------------------------------------------------------------- collections.json

function readCollections(json: Json, ctx: Context, productsByHandle: Map<string, FixtureProduct>): FixtureCollection[] {
  const r = new FieldReader('collections.json');
  const ids = new UniqueSet<number>(r, 'collection id');
  const handles = new UniqueSet<string>(r, 'collection handle');
  const productRef = (v: Json, path: string): string => {
    const h = r.string(v, path, { nonEmpty: true });
    if (!productsByHandle.has(h)) r.fail(path, `product ${JSON.stringify(h)} does not exist in products.json`);
    return h;
  };

  return r.array(json, '').map((item, index) => {
    let at = `[${index}]`;
    const o = r.object(item, at);
    const handle = r.string(o['handle'], `${at}.handle`, { pattern: HANDLE_RE, what: 'a handle (lower-case letters, digits and single hyphens)' });
    at = `[${index} "${handle}"]`;
    const id = r.id(o['id'], `${at}.id`);
    ids.add(id, `${at}.id`);
    handles.add(handle, `${at}.handle`);

    const inCollection = new UniqueSet<string>(r, 'product');
    const products = r.array(o['products'], `${at}.products`).map((h, pi) => {
      const handleRef = productRef(h, `${at}.products[${pi}]`);
      inCollection.add(handleRef, `${at}.products[${pi}]`);
      return handleRef;
    });

    const mfo = o['metafields'] === undefined ? {} : r.object(o['metafields'], `${at}.metafields`);
    const custom = mfo['custom'] === undefined ? {} : r.object(mfo['custom'], `${at}.metafields.custom`);
    const looks = (custom['looks'] === undefined || custom['looks'] === null ? [] : r.array(custom['looks'], `${at}.metafields.custom.looks`)).map(
      (l, li): FixtureLook => {
        const lat = `${at}.metafields.custom.looks[${li}]`;
        const lo = r.object(l, lat);
        const width = r.int(lo['width'], `${lat}.width`, { min: 1 });
        const height = r.int(lo['height'], `${lat}.height`, { min: 1 });
        const dots = r.array(lo['dots'], `${lat}.dots`).map((d, di) => {
          const dat = `${lat}.dots[${di}]`;
          const dobj = r.object(d, dat);
          return {
            x_coordinate: r.number(dobj['x_coordinate'], `${dat}.x_coordinate`, { min: 0, max: width }),
            y_coordinate: r.number(dobj['y_coordinate'], `${dat}.y_coordinate`, { min: 0, max: height }),
            product: productRef(dobj['product'], `${dat}.product`),
          };
        });
        return { file: imageFile(r, lo['file'], `${lat}.file`, ctx), width, height, dots };
      },
    );

    return {
      id,
      handle,
      title: r.localized(o['title'], `${at}.title`, { nonEmpty: true }),
      description: r.optLocalized(o['description'], `${at}.description`),
      template_suffix: templateSuffix(r, o['template_suffix'], `${at}.template_suffix`),
      image: optImageFile(r, o['image'], `${at}.image`, ctx),
      sort_order: o['sort_order'] === undefined ? 'manual' : r.string(o['sort_order'], `${at}.sort_order`, { nonEmpty: true }),
      products,
      metafields: {
        custom: {
          slogan: r.optLocalized(custom['slogan'], `${at}.metafields.custom.slogan`),
          background: optImageFile(r, custom['background'], `${at}.metafields.custom.background`, ctx),
          looks,
        },
      },
    };
  });
}

// ---------------------------------------------------------------- menus.json

const MAX_MENU_LEVELS = 3;

function readMenus(json: Json): FixtureMenus {
  const r = new FieldReader('menus.json');
  const o = r.object(json, '');
  const readLinks = (v: Json, path: string, level: number): FixtureLink[] => {
    if (v === undefined) return [];
    return r.array(v, path).map((l, i) => {
      const lat = `${path}[${i}]`;
      const lo = r.object(l, lat);
      const url = r.string(lo['url'], `${lat}.url`, { nonEmpty: true });
      if (!/^(\/|#|[a-z][a-z0-9+.-]*:)/i.test(url)) r.fail(`${lat}.url`, `${JSON.stringify(url)} is neither a path starting with "/" nor an absolute URL`);
      const nested = lo['links'] === undefined ? [] : r.array(lo['links'], `${lat}.links`);
      if (nested.length > 0 && level >= MAX_MENU_LEVELS) r.fail(`${lat}.links`, `menus nest at most ${MAX_MENU_LEVELS} levels`);
      return { title: r.localized(lo['title'], `${lat}.title`, { nonEmpty: true }), url, links: readLinks(nested, `${lat}.links`, level + 1) };
    });
  };
  const menus: FixtureMenus = {};
  for (const [handle, menu] of Object.entries(o)) {
    if (!HANDLE_RE.test(handle)) r.fail(handle, `${JSON.stringify(handle)} is not a menu handle`);
    const mo = r.object(menu, handle);
    const m: FixtureMenu = { title: r.localized(mo['title'], `${handle}.title`, { nonEmpty: true }), links: readLinks(mo['links'], `${handle}.links`, 1) };
    menus[handle] = m;
  }
  return menus;
}

// ---------------------------------------------------------------- pages.json

function readPages(json: Json, ctx: Context): FixturePage[] {
  const r = new FieldReader('pages.json');
  const ids = new UniqueSet<number>(r, 'page id');
  const handles = new UniqueSet<string>(r, 'page handle');
  return r.array(json, '').map((item, index) => {
    let at = `[${index}]`;
    const o = r.object(item, at);
    const handle = r.string(o['handle'], `${at}.handle`, { pattern: HANDLE_RE, what: 'a handle (lower-case letters, digits and single hyphens)' });
    at = `[${index} "${handle}"]`;
    const id = r.id(o['id'], `${at}.id`);
    ids.add(id, `${at}.id`);
    handles.add(handle, `${at}.handle`);
    const mfo = o['metafields'] === undefined ? {} : r.object(o['metafields'], `${at}.metafields`);
    const custom = mfo['custom'] === undefined ? {} : r.object(mfo['custom'], `${at}.metafields.custom`);
    return {
      id,
      handle,
      title: r.localized(o['title'], `${at}.title`, { nonEmpty: true }),
      body_html: r.optLocalized(o['body_html'], `${at}.body_html`),
      template_suffix: templateSuffix(r, o['template_suffix'], `${at}.template_suffix`),
      metafields: {
        custom: {
          slogan: r.optLocalized(custom['slogan'], `${at}.metafields.custom.slogan`),
          intro: r.optLocalized(custom['intro'], `${at}.metafields.custom.intro`),
          images: (custom['images'] === undefined || custom['images'] === null ? [] : r.array(custom['images'], `${at}.metafields.custom.images`)).map(
            (f, fi) => imageFile(r, f, `${at}.metafields.custom.images[${fi}]`, ctx),
          ),
        },
      },
    };
  });
}

// ---------------------------------------------------------------- customers.json

function readCustomers(json: Json, ctx: Context, productsByHandle: Map<string, FixtureProduct>): FixtureCustomer[] {
  const r = new FieldReader('customers.json');
  const ids = new UniqueSet<number>(r, 'customer id');
  const emails = new UniqueSet<string>(r, 'customer email');
  const addressIds = new UniqueSet<number>(r, 'address id');
  const orderIds = new UniqueSet<number>(r, 'order id');
  const orderNames = new UniqueSet<string>(r, 'order name');
  const lineIds = new UniqueSet<number>(r, 'line item id');

  const readAddress = (v: Json, path: string): FixtureAddress => {
    const a = r.object(v, path);
    const id = r.id(a['id'], `${path}.id`);
    addressIds.add(id, `${path}.id`);
    const s = (k: string) => r.optString(a[k], `${path}.${k}`);
    return {
      id,
      first_name: s('first_name'),
      last_name: s('last_name'),
      company: s('company'),
      address1: s('address1'),
      address2: s('address2'),
      city: s('city'),
      province: s('province'),
      province_code: s('province_code'),
      country: s('country'),
      country_code: s('country_code'),
      zip: s('zip'),
      phone: s('phone'),
    };
  };

  const readShippingAddress = (v: Json, path: string): FixtureShippingAddress => {
    const a = r.object(v, path);
    const s = (k: string) => r.optString(a[k], `${path}.${k}`);
    const first = s('first_name');
    const last = s('last_name');
    return {
      first_name: first,
      last_name: last,
      name: r.optString(a['name'], `${path}.name`, `${first} ${last}`.trim()),
      address1: s('address1'),
      address2: s('address2'),
      city: s('city'),
      province: s('province'),
      country: s('country'),
      zip: s('zip'),
      phone: s('phone'),
    };
  };

  const readLineItem = (v: Json, path: string): FixtureLineItem => {
    const li = r.object(v, path);
    const id = r.id(li['id'], `${path}.id`);
    lineIds.add(id, `${path}.id`);
    const handle = r.string(li['product_handle'], `${path}.product_handle`, { nonEmpty: true });
    const product = productsByHandle.get(handle);
    if (!product) return r.fail(`${path}.product_handle`, `product ${JSON.stringify(handle)} does not exist in products.json`);
    const variantId = r.id(li['variant_id'], `${path}.variant_id`);
    if (!product.variants.some((pv) => pv.id === variantId))
      r.fail(`${path}.variant_id`, `variant ${variantId} is not a variant of product ${JSON.stringify(handle)}`);
    return {
      id,
      product_handle: handle,
      variant_id: variantId,
      title: r.localized(li['title'], `${path}.title`, { nonEmpty: true }),
      quantity: r.int(li['quantity'], `${path}.quantity`, { min: 1 }),
      price: r.int(li['price'], `${path}.price`, { min: 0 }),
      image: optImageFile(r, li['image'], `${path}.image`, ctx),
      options: li['options'] === undefined ? [] : r.stringList(li['options'], `${path}.options`),
      ...(li['discount_allocations'] === undefined
        ? {}
        : { discount_allocations: readOrderAllocations(r, li['discount_allocations'], `${path}.discount_allocations`) }),
    };
  };

  const readOrder = (v: Json, path: string, email: string): FixtureOrder => {
    const oo = r.object(v, path);
    const id = r.id(oo['id'], `${path}.id`);
    orderIds.add(id, `${path}.id`);
    const name = r.string(oo['name'], `${path}.name`, { nonEmpty: true });
    orderNames.add(name, `${path}.name`);
    const currency = r.string(oo['currency'], `${path}.currency`, { pattern: CURRENCY_RE, what: 'an ISO 4217 code' });
    if (!ctx.currencies.includes(currency)) r.fail(`${path}.currency`, `${JSON.stringify(currency)} is not a shop currency (${ctx.currencies.join(', ')})`);
    const fulfillment = oo['fulfillment_status'];
    return {
      id,
      name,
      order_number: r.int(oo['order_number'], `${path}.order_number`, { min: 1 }),
      created_at: r.isoDate(oo['created_at'], `${path}.created_at`),
      financial_status: r.oneOf<FinancialStatus>(oo['financial_status'], `${path}.financial_status`, FINANCIAL_STATUSES),
      fulfillment_status: fulfillment === undefined || fulfillment === null ? null : r.string(fulfillment, `${path}.fulfillment_status`, { nonEmpty: true }),
      currency,
      total_price: r.int(oo['total_price'], `${path}.total_price`, { min: 0 }),
      subtotal_price: r.int(oo['subtotal_price'], `${path}.subtotal_price`, { min: 0 }),
      shipping_price: oo['shipping_price'] === undefined ? 0 : r.int(oo['shipping_price'], `${path}.shipping_price`, { min: 0 }),
      email: oo['email'] === undefined ? email : r.string(oo['email'], `${path}.email`, { pattern: EMAIL_RE, what: 'an email address' }),
      shipping_address: readShippingAddress(oo['shipping_address'], `${path}.shipping_address`),
      shipping_methods: (oo['shipping_methods'] === undefined ? [] : r.array(oo['shipping_methods'], `${path}.shipping_methods`)).map((m, mi) => ({
        title: r.string(r.object(m, `${path}.shipping_methods[${mi}]`)['title'], `${path}.shipping_methods[${mi}].title`, { nonEmpty: true }),
      })),
      line_items: r.array(oo['line_items'], `${path}.line_items`).map((li, lii) => readLineItem(li, `${path}.line_items[${lii}]`)),
      ...(oo['discount_applications'] === undefined
        ? {}
        : { discount_applications: readOrderDiscounts(r, oo['discount_applications'], `${path}.discount_applications`) }),
    };
  };

  return r.array(json, '').map((item, index) => {
    let at = `[${index}]`;
    const o = r.object(item, at);
    const email = r.string(o['email'], `${at}.email`, { pattern: EMAIL_RE, what: 'an email address' });
    at = `[${index} "${email}"]`;
    const id = r.id(o['id'], `${at}.id`);
    ids.add(id, `${at}.id`);
    emails.add(email.toLowerCase(), `${at}.email`);
    const addresses = (o['addresses'] === undefined ? [] : r.array(o['addresses'], `${at}.addresses`)).map((a, ai) => readAddress(a, `${at}.addresses[${ai}]`));
    const defaultId = o['default_address_id'];
    let defaultAddressId: number | null = null;
    if (defaultId !== undefined && defaultId !== null) {
      defaultAddressId = r.id(defaultId, `${at}.default_address_id`);
      if (!addresses.some((a) => a.id === defaultAddressId))
        r.fail(`${at}.default_address_id`, `${defaultAddressId} is not the id of one of this customer's addresses`);
    } else if (addresses.length > 0) {
      defaultAddressId = addresses[0]!.id;
    }
    return {
      id,
      email,
      password: r.string(o['password'], `${at}.password`, { nonEmpty: true }),
      first_name: r.optString(o['first_name'], `${at}.first_name`),
      last_name: r.optString(o['last_name'], `${at}.last_name`),
      phone: r.optString(o['phone'], `${at}.phone`),
      accepts_marketing: o['accepts_marketing'] === undefined ? false : r.boolean(o['accepts_marketing'], `${at}.accepts_marketing`),
      tags: o['tags'] === undefined ? [] : r.stringList(o['tags'], `${at}.tags`, { nonEmptyItems: true }),
      addresses,
      default_address_id: defaultAddressId,
      orders: (o['orders'] === undefined ? [] : r.array(o['orders'], `${at}.orders`)).map((ord, oi) => readOrder(ord, `${at}.orders[${oi}]`, email)),
    };
  });
}

// ---------------------------------------------------------------- blogs.json, filters.json

const COMMENT_STATUSES = ['published', 'unapproved', 'pending', 'spam', 'removed'] as const;

function readComment(r: FieldReader, json: Json, at: string): FixtureComment {
  const o = r.object(json, at);
  return {
    id: r.id(o['id'], `${at}.id`),
    author: r.string(o['author'], `${at}.author`, { nonEmpty: true }),
    email: r.string(o['email'], `${at}.email`, { nonEmpty: true }),
    body: r.localized(o['body'], `${at}.body`, { nonEmpty: true }),
    created_at: r.isoDate(o['created_at'], `${at}.created_at`),
    status: r.oneOf(o['status'], `${at}.status`, COMMENT_STATUSES),
  };
}

function readArticle(r: FieldReader, json: Json, at: string, ctx: Context): FixtureArticle {
  const o = r.object(json, at);
  const published = r.isoDate(o['published_at'], `${at}.published_at`);
  return {
    id: r.id(o['id'], `${at}.id`),
    handle: r.string(o['handle'], `${at}.handle`, { pattern: HANDLE_RE, what: 'a handle' }),
    title: r.localized(o['title'], `${at}.title`, { nonEmpty: true }),
    author: r.string(o['author'], `${at}.author`, { nonEmpty: true }),
    published_at: published,
    updated_at: o['updated_at'] === undefined ? published : r.isoDate(o['updated_at'], `${at}.updated_at`),
    tags: o['tags'] === undefined ? [] : r.stringList(o['tags'], `${at}.tags`, { nonEmptyItems: true }),
    image: optImageFile(r, o['image'], `${at}.image`, ctx),
    excerpt_html: r.optLocalized(o['excerpt_html'], `${at}.excerpt_html`),
    body_html: r.optLocalized(o['body_html'], `${at}.body_html`),
    template_suffix: templateSuffix(r, o['template_suffix'], `${at}.template_suffix`),
    comments: (o['comments'] === undefined ? [] : r.array(o['comments'], `${at}.comments`)).map((c, ci) => readComment(r, c, `${at}.comments[${ci}]`)),
  };
}

function readBlogs(storeDir: string, ctx: Context): FixtureBlog[] {
  if (!existsSync(join(storeDir, 'blogs.json'))) return [];
  const r = new FieldReader('blogs.json');
  const handles = new UniqueSet<string>(r, 'blog handle');
  const ids = new UniqueSet<number>(r, 'id');
  const root = r.object(readJsonFile(storeDir, 'blogs.json'), '');
  return r.array(root['blogs'], 'blogs').map((item, index) => {
    const at = `blogs[${index}]`;
    const o = r.object(item, at);
    const handle = r.string(o['handle'], `${at}.handle`, { pattern: HANDLE_RE, what: 'a handle' });
    handles.add(handle, `${at}.handle`);
    const articles = r.array(o['articles'], `${at}.articles`).map((a, ai) => readArticle(r, a, `${at}.articles[${ai}]`, ctx));
    const articleHandles = new UniqueSet<string>(r, 'article handle');
    for (const [ai, a] of articles.entries()) {
      articleHandles.add(a.handle, `${at}.articles[${ai}].handle`);
      ids.add(a.id, `${at}.articles[${ai}].id`);
      for (const c of a.comments) ids.add(c.id, `${at}.articles[${ai}].comments`);
    }
    return {
      id: r.id(o['id'], `${at}.id`),
      handle,
      title: r.localized(o['title'], `${at}.title`, { nonEmpty: true }),
      comments: o['comments'] === undefined ? 'disabled' : r.oneOf(o['comments'], `${at}.comments`, ['disabled', 'moderated', 'enabled'] as const),
      template_suffix: templateSuffix(r, o['template_suffix'], `${at}.template_suffix`),
      articles: articles.sort((a, b) => b.published_at.localeCompare(a.published_at)),
    };
  });
}

const FILTER_SOURCES = ['availability', 'price', 'option', 'product_type', 'vendor', 'tag', 'metafield'] as const;

function readFilters(storeDir: string): FixtureFilter[] {
  if (!existsSync(join(storeDir, 'filters.json'))) return [];
  const r = new FieldReader('filters.json');
  const root = r.object(readJsonFile(storeDir, 'filters.json'), '');
  return r.array(root['filters'], 'filters').map((item, index) => {
    const at = `filters[${index}]`;
    const o = r.object(item, at);
    const source = r.oneOf(o['source'], `${at}.source`, FILTER_SOURCES);
    const table = <T>(v: Json, path: string, read: (x: Json, p: string) => T): Record<string, T> | undefined =>
      v === undefined ? undefined : Object.fromEntries(Object.entries(r.object(v, path)).map(([k, x]) => [k, read(x, `${path}.${k}`)]));
    const filter: FixtureFilter = {
      source,
      label: r.localized(o['label'], `${at}.label`, { nonEmpty: true }),
      presentation: o['presentation'] === undefined ? undefined : r.oneOf(o['presentation'], `${at}.presentation`, ['text', 'swatch', 'image'] as const),
      labels: table(o['labels'], `${at}.labels`, (x, p) => r.localized(x, p, { nonEmpty: true })),
      swatches: table(o['swatches'], `${at}.swatches`, (x, p) => r.string(x, p, { pattern: /^#[0-9a-f]{6}$/i, what: 'a #rrggbb colour' })),
    };
    if (source === 'option') filter.option = r.string(o['option'], `${at}.option`, { nonEmpty: true });
    if (source === 'metafield') filter.metafield = r.string(o['metafield'], `${at}.metafield`, { pattern: /^[\w-]+\.[\w-]+$/, what: 'namespace.key' });
    return filter;
  });
}

// ---------------------------------------------------------------- loadStore

function listImages(imagesDir: string): Set<string> {
  try {
    if (!statSync(imagesDir).isDirectory()) return new Set();
    return new Set(
      readdirSync(imagesDir, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name),
    );
  } catch {
    return new Set();
  }
}

/** The namespace the Search & Discovery app keeps a product's recommendation settings in. */
const DISCOVERY_NAMESPACE = 'shopify--discovery--product_recommendation';

/** A complementary product is a product reference: it must name a product of the store, not the product itself. */
function checkComplementaryProducts(products: FixtureProduct[], byHandle: Map<string, FixtureProduct>): void {
  products.forEach((p, index) => {
    (p.metafields[DISCOVERY_NAMESPACE]?.complementary_products ?? []).forEach((handle, i) => {
      const at = `[${index}].metafields.${DISCOVERY_NAMESPACE}.complementary_products[${i}]`;
      if (!byHandle.has(handle)) throw new StoreValidationError('products.json', at, `no product with handle "${handle}"`);
      if (handle === p.handle) throw new StoreValidationError('products.json', at, 'a product cannot complement itself');
    });
  });
}

/**
 * Loads, validates and indexes the store in `dir` (the preview's is server.ts's defaultStoreDir()).
 * Throws a StoreValidationError naming the file and field on bad data, including references that
 * point nowhere (a collection's or look dot's product, an order line's product or variant, an
 * image file missing from images/).
 */
export function loadStore(dir: string): Store {
  const storeDir = resolve(dir);
  if (!existsSync(storeDir) || !statSync(storeDir).isDirectory()) {
    throw new StoreValidationError('(store folder)', '', `${storeDir} is not a folder`);
  }
  const imagesDir = join(storeDir, 'images');

  const shop = readShop(readJsonFile(storeDir, 'shop.json'));
  const ctx: Context = {
    imagesDir,
    imageFiles: listImages(imagesDir),
    currencies: shop.currencies.map((c) => c.iso_code),
  };
  const products = readProducts(readJsonFile(storeDir, 'products.json'), ctx);
  const metaobjects = readMetaobjects(storeDir, ctx);
  checkProductLinks(products, metaobjects);
  const productsByHandle = new Map(products.map((p) => [p.handle, p]));
  checkComplementaryProducts(products, productsByHandle);
  const collections = readCollections(readJsonFile(storeDir, 'collections.json'), ctx, productsByHandle);
  const menus = readMenus(readJsonFile(storeDir, 'menus.json'));
  const pages = readPages(readJsonFile(storeDir, 'pages.json'), ctx);
  const customers = readCustomers(readJsonFile(storeDir, 'customers.json'), ctx, productsByHandle);
  const blogs = readBlogs(storeDir, ctx);

  const variantsById = new Map<number, FixtureVariant>();
  const productByVariantId = new Map<number, FixtureProduct>();
  for (const p of products) {
    for (const v of p.variants) {
      variantsById.set(v.id, v);
      productByVariantId.set(v.id, p);
    }
  }
  const collectionsByProductHandle = new Map<string, FixtureCollection[]>(products.map((p) => [p.handle, []]));
  for (const c of collections) for (const h of c.products) collectionsByProductHandle.get(h)!.push(c);

  return {
    dir: storeDir,
    imagesDir,
    shop,
    products,
    collections,
    menus,
    pages,
    customers,
    blogs,
    filters: readFilters(storeDir),
    metaobjects: metaobjects ?? {},
    productsByHandle,
    productsById: new Map(products.map((p) => [p.id, p])),
    variantsById,
    productByVariantId,
    collectionsByHandle: new Map(collections.map((c) => [c.handle, c])),
    collectionsById: new Map(collections.map((c) => [c.id, c])),
    collectionsByProductHandle,
    pagesByHandle: new Map(pages.map((p) => [p.handle, p])),
    customersByEmail: new Map(customers.map((c) => [c.email.toLowerCase(), c])),
    customersById: new Map(customers.map((c) => [c.id, c])),
    blogsByHandle: new Map(blogs.map((b) => [b.handle, b])),
    metafieldDefinitions: readMetafieldDefinitions(storeDir),
    ...readCommerce(storeDir, {
      currencies: ctx.currencies,
      productsByHandle,
      variantsById,
      customersByEmail: new Set(customers.map((c) => c.email.toLowerCase())),
    }),
  };
}

/** metafield-definitions.json, optional: a store without it has untyped (guessed) metafields. */
function readMetafieldDefinitions(storeDir: string): FixtureMetafieldDefinitions {
  if (!existsSync(join(storeDir, 'metafield-definitions.json'))) return { owners: {}, metaobjects: {} };
  const json = readJsonFile(storeDir, 'metafield-definitions.json') as { owners?: unknown; metaobjects?: unknown };
  const table = (value: unknown, path: string): Record<string, Record<string, string>> => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new StoreValidationError('metafield-definitions.json', path, 'expected an object');
    for (const [owner, fields] of Object.entries(value)) {
      for (const [key, type] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
        if (typeof type !== 'string' || !/^(list\.)?[a-z_]+$/.test(type))
          throw new StoreValidationError('metafield-definitions.json', `${path}.${owner}.${key}`, 'expected a metafield type');
      }
    }
    return value as Record<string, Record<string, string>>;
  };
  return { owners: table(json.owners ?? {}, 'owners'), metaobjects: table(json.metaobjects ?? {}, 'metaobjects') };
}
