// What the platform gives every shop (issue 34), as the server draws it through the preview and
// read back with an HTML parser: the product's description and share control, Open Graph and
// Twitter tags on every template, the contact form, the journal (blog and article, comments),
// the password page of a locked shop, Follow on Shop and the Custom Liquid section.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../../preview/server';
import { FIXTURES, REAL_THEME, cookieOf, form, newBrowser } from '../../preview/testing';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPreview({ themeDir: REAL_THEME, storeDir: FIXTURES, log: () => {}, storefrontPassword: '', followOnShop: false });
});
afterAll(async () => {
  await app.close();
});

async function page(url: string, target: FastifyInstance = app, cookie?: string): Promise<Document> {
  const response = await target.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, url).toBe(200);
  return parse(response.body, url);
}

function parse(html: string, url = '/'): Document {
  const window = new Window({ url: `http://127.0.0.1${url}` });
  window.document.write(html);
  return window.document as unknown as Document;
}

const text = (doc: ParentNode, selector: string) => doc.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
const meta = (doc: Document, key: string) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;

/** A copy of the fixture store with one product's description replaced. */
function storeWithDescription(handle: string, description: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'features-store-'));
  cpSync(FIXTURES, dir, { recursive: true });
  const file = join(dir, 'products.json');
  const products = JSON.parse(readFileSync(file, 'utf8')) as { handle: string; description: unknown }[];
  products.find((p) => p.handle === handle)!.description = description;
  writeFileSync(file, JSON.stringify(products));
  return dir;
}

describe('product description', () => {
  it("shows the product's own description beside the materials, in both languages", async () => {
    const uk = await page('/products/wool-wrap-coat');
    expect(text(uk, '.product__description > summary')).toBe('Опис');
    expect(text(uk, '.product__description .rte')).toBe('Пальто, навколо якого складається осінній і зимовий гардероб. Вільний крій.');
    expect(uk.querySelector('.product__description')?.hasAttribute('open')).toBe(true);
    // Under the materials, in the one ruled list of disclosures.
    const disclosures = Array.from(uk.querySelectorAll('.product__info > .product__disclosure'), (d) => d.classList[1]);
    expect(disclosures).toEqual(['product__materials', 'product__description', 'product__size-guide']);
    const en = await page('/en/products/wool-wrap-coat');
    expect(text(en, '.product__description > summary')).toBe('Description');
    expect(text(en, '.product__description .rte')).toBe('A coat to build your autumn and winter wardrobe around. Relaxed fit.');
  }, 30_000);

  it('sanitises the description as rich text: no script, no handler, the text still shown', async () => {
    const dir = storeWithDescription('wool-wrap-coat', {
      uk: '<p>Тепле <strong>пальто</strong></p><script>alert(1)</script><img src=x onerror="alert(2)">',
      en: '<p>Warm <strong>coat</strong></p><script>alert(1)</script><img src=x onerror="alert(2)">',
    });
    const hostile = await createPreview({ themeDir: REAL_THEME, storeDir: dir, log: () => {} });
    try {
      const doc = await page('/en/products/wool-wrap-coat', hostile);
      const block = doc.querySelector('.product__description .rte')!;
      expect(block.querySelector('script:not([type="application/json"])')).toBeNull();
      expect(block.querySelector('[onerror]')).toBeNull();
      expect(block.querySelector('strong')?.textContent).toBe('coat');
      expect(block.innerHTML).not.toMatch(/<img|onerror="alert/);
    } finally {
      await hostile.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('leaves the disclosure out for a product without a description', async () => {
    const dir = storeWithDescription('wool-wrap-coat', { uk: '', en: '' });
    const bare = await createPreview({ themeDir: REAL_THEME, storeDir: dir, log: () => {} });
    try {
      expect((await page('/products/wool-wrap-coat', bare)).querySelector('.product__description')).toBeNull();
    } finally {
      await bare.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('share control', () => {
  it('offers the address to copy and plain share links, named in both languages, without a script file', async () => {
    const doc = await page('/en/products/wool-wrap-coat');
    const share = doc.querySelector('details.share')!;
    expect(text(share, '.share__summary')).toBe('Share');
    const input = share.querySelector<HTMLInputElement>('.share__url')!;
    expect(input.getAttribute('value')).toBe('http://localhost/en/products/wool-wrap-coat');
    expect(share.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Link to this product');
    expect(text(share, '.share__copy')).toBe('Copy link');
    expect(share.querySelector('.share__status')?.getAttribute('role')).toBe('status');
    const links = Array.from(share.querySelectorAll('.share__links a'), (a) => [a.textContent, a.getAttribute('href')]);
    const encoded = encodeURIComponent('http://localhost/en/products/wool-wrap-coat');
    expect(links).toEqual([
      ['Telegram', `https://t.me/share/url?url=${encoded}&text=Wool%20wrap%20coat`],
      ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${encoded}`],
      ['X', `https://x.com/intent/post?url=${encoded}&text=Wool%20wrap%20coat`],
      [
        'Pinterest',
        `https://pinterest.com/pin/create/button/?url=${encoded}&media=${encodeURIComponent('http://localhost/cdn/shop/files/wool-wrap-coat-1.jpg?width=1200')}&description=Wool%20wrap%20coat`,
      ],
      ['Email', `mailto:?subject=Wool%20wrap%20coat&body=${encoded}`],
    ]);
    // No island or script file for it: two inline handlers.
    expect(share.querySelector('[data-island], script')).toBeNull();
    expect(share.querySelector('summary')?.getAttribute('onclick')).toContain('navigator.share');
    const uk = await page('/products/wool-wrap-coat');
    expect(text(uk, '.share__summary')).toBe('Поділитися');
    expect(text(uk, '.share__copy')).toBe('Копіювати посилання');
  }, 30_000);
});

describe('Open Graph and Twitter tags', () => {
  const pages: [string, string][] = [
    ['index', '/'],
    ['collection', '/collections/coats-and-jackets'],
    ['list-collections', '/collections'],
    ['product', '/products/wool-wrap-coat'],
    ['page', '/pages/about-us'],
    ['page.contacts', '/pages/contacts'],
    ['search', '/search?q=coat&type=product'],
    ['blog', '/blogs/news'],
    ['article', '/blogs/news/autumn-lookbook'],
    ['customers/login', '/account/login'],
    ['customers/register', '/account/register'],
  ];
  for (const [template, path] of pages) {
    it(`${template}: title, description, image and card, in both languages`, async () => {
      for (const url of [path, `/en${path === '/' ? '' : path}`]) {
        const doc = await page(url);
        expect(meta(doc, 'og:title'), url).toBeTruthy();
        expect(meta(doc, 'og:description'), url).toBeTruthy();
        expect(meta(doc, 'og:image'), url).toMatch(/^https?:\/\/[^/]+\/cdn\/shop\/files\/[\w.-]+\.(jpe?g|png|webp)\?width=1200$/);
        expect(meta(doc, 'og:image:secure_url'), url).toBe(meta(doc, 'og:image'));
        expect(Number(meta(doc, 'og:image:width')), url).toBeGreaterThan(0);
        expect(Number(meta(doc, 'og:image:height')), url).toBeGreaterThan(0);
        expect(meta(doc, 'og:site_name'), url).toBe('MAVKA');
        expect(meta(doc, 'og:url'), url).toBe(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'));
        expect(meta(doc, 'twitter:card'), url).toBe('summary_large_image');
        expect(meta(doc, 'twitter:title'), url).toBe(meta(doc, 'og:title'));
        expect(meta(doc, 'twitter:description'), url).toBe(meta(doc, 'og:description'));
      }
    }, 30_000);
  }

  it("the cart and the 404 page have them too (the cart's answer, the 404's status)", async () => {
    const cart = parse((await app.inject({ url: '/cart' })).body);
    expect(meta(cart, 'og:title')).toBeTruthy();
    const missing = await app.inject({ url: '/en/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(meta(parse(missing.body), 'twitter:card')).toBe('summary_large_image');
  });

  it("a product's are its own: type, title, description, image, price and currency", async () => {
    const doc = await page('/en/products/wool-wrap-coat');
    expect(meta(doc, 'og:type')).toBe('product');
    expect(meta(doc, 'og:title')).toBe('Wool wrap coat');
    expect(meta(doc, 'og:description')).toBe('A coat to build your autumn and winter wardrobe around. Relaxed fit.');
    expect(meta(doc, 'og:image')).toBe('http://localhost/cdn/shop/files/wool-wrap-coat-1.jpg?width=1200');
    expect([meta(doc, 'og:image:width'), meta(doc, 'og:image:height')]).toEqual(['1200', '1800']);
    expect(meta(doc, 'og:price:amount')).toBe('8990.00');
    expect(meta(doc, 'og:price:currency')).toBe('UAH');
  });

  it("an article's are its own (type article, excerpt, image); a page's text reads with its words apart", async () => {
    const article = await page('/blogs/news/autumn-lookbook');
    expect(meta(article, 'og:type')).toBe('article');
    expect(meta(article, 'og:title')).toBe('Осінній лукбук');
    expect(meta(article, 'og:description')).toBe('Пальта, трикотаж і теплі відтінки сезону.');
    expect(meta(article, 'og:image')).toMatch(/collection-frontpage-autumn\.jpg/);
    const contacts = await page('/en/pages/contacts');
    expect(meta(contacts, 'og:type')).toBe('website');
    expect(meta(contacts, 'og:description')).toMatch(/^Showroom in Kyiv 21 Yaroslaviv Val St/);
    // A page without an image of its own shows the shop's social sharing image.
    expect(meta(contacts, 'og:image')).toMatch(/bg-frontpage-autumn\.jpg/);
  });
});

describe('contact form', () => {
  it('posts to the platform and shows its success, in both languages', async () => {
    for (const [prefix, success] of [
      ['', 'Дякуємо! Ми отримали ваше повідомлення й відповімо якнайшвидше.'],
      ['/en', 'Thank you! We have your message and will reply soon.'],
    ] as const) {
      const doc = await page(`${prefix}/pages/contacts`);
      const contact = doc.querySelector<HTMLFormElement>('form.contact__form')!;
      expect(contact.getAttribute('action')).toBe(`${prefix}/contact#${contact.id}`);
      const names = Array.from(contact.querySelectorAll('input:not([type="hidden"]), textarea'), (i) => i.getAttribute('name'));
      expect(names).toEqual(['contact[name]', 'contact[email]', 'contact[phone]', 'contact[body]']);
      for (const field of contact.querySelectorAll('input:not([type="hidden"]), textarea'))
        expect(contact.querySelector(`label[for="${field.id}"]`)).not.toBeNull();
      const cookie = await newBrowser(app);
      const posted = await app.inject({
        method: 'POST',
        url: `${prefix}/contact`,
        ...form({
          form_type: 'contact',
          utf8: '✓',
          'contact[name]': 'Olena',
          'contact[email]': 'olena@example.com',
          'contact[phone]': '+380 44 123 45 67',
          'contact[body]': 'Do you ship to Lviv?',
        }),
        headers: { ...form({}).headers, cookie, referer: `http://localhost${prefix}/pages/contacts` },
      });
      expect(posted.statusCode).toBe(302);
      expect(posted.headers.location).toBe(`${prefix}/pages/contacts?contact_posted=true`);
      const after = await page(posted.headers.location!, app, cookie);
      expect(text(after, '.contact__success')).toBe(success);
      // The footer's newsletter is another form: it does not claim the contact form's success.
      expect(after.querySelector('.site-footer [data-form-result]')).toBeNull();
    }
  }, 30_000);

  it("shows the platform's error for a wrong email and keeps what the shopper wrote", async () => {
    const cookie = await newBrowser(app);
    const posted = await app.inject({
      method: 'POST',
      url: '/en/contact',
      ...form({ form_type: 'contact', 'contact[email]': 'not-an-email', 'contact[body]': 'Hello' }),
      headers: { ...form({}).headers, cookie, referer: 'http://localhost/en/pages/contacts' },
    });
    const after = await page(posted.headers.location!, app, cookie);
    expect(text(after, '.contact__form .form-errors')).toBe('Email must be a valid email address.');
    expect(after.querySelector('.contact__form input[name="contact[email]"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(after.querySelector('.contact__form input[name="contact[email]"]')?.getAttribute('value')).toBe('not-an-email');
    expect(after.querySelector('.contact__success')).toBeNull();
  });
});

describe('journal', () => {
  it('lists the articles newest first as cards with image, date, title and excerpt, and the topics', async () => {
    const doc = await page('/en/blogs/news');
    expect(text(doc, 'h1')).toBe('News');
    const cards = Array.from(doc.querySelectorAll('.article-card'));
    expect(cards.map((c) => text(c, '.article-card__title'))).toEqual(['Spring: a first look', 'Caring for wool', 'The autumn lookbook']);
    expect(cards.map((c) => c.querySelector('time')?.getAttribute('datetime'))).toEqual(['2026-11-01', '2026-10-02', '2026-09-15']);
    expect(text(cards[2]!, '.article-card__date')).toBe('15 Sep 2026');
    expect(text(cards[2]!, '.article-card__excerpt')).toBe('Coats, knitwear and the warm shades of the season.');
    expect(cards[2]!.querySelector('.article-card__title a')?.getAttribute('href')).toBe('/en/blogs/news/autumn-lookbook');
    expect(cards[2]!.querySelector('img')?.getAttribute('srcset')).toMatch(/collection-frontpage-autumn\.jpg\?width=400 400w/);
    // The article without an image keeps its place in the row.
    expect(cards[0]!.querySelector('.article-card__media--empty')).not.toBeNull();
    const topics = Array.from(doc.querySelectorAll('.journal__tags a'), (a) => [a.textContent?.trim(), a.getAttribute('href'), a.getAttribute('aria-current')]);
    expect(topics[0]).toEqual(['All', '/en/blogs/news', 'page']);
    expect(topics).toContainEqual(['lookbook', '/en/blogs/news/tagged/lookbook', null]);
    expect(text(await page('/blogs/news'), '.journal__tags a')).toBe('Усі');
  });

  it('narrows to a topic and marks it', async () => {
    const doc = await page('/blogs/news/tagged/lookbook');
    expect(Array.from(doc.querySelectorAll('.article-card__title'), (t) => t.textContent?.trim())).toEqual(['Весна: перший погляд', 'Осінній лукбук']);
    expect(doc.querySelector('.journal__tags a[aria-current="page"]')?.textContent?.trim()).toBe('lookbook');
  });

  it("pages the articles with the platform's pagination", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'features-theme-'));
    cpSync(REAL_THEME, dir, { recursive: true });
    const file = join(dir, 'templates', 'blog.json');
    const template = JSON.parse(readFileSync(file, 'utf8')) as { sections: { main: { settings: Record<string, unknown> } } };
    template.sections.main.settings['articles_per_page'] = 2;
    writeFileSync(file, JSON.stringify(template));
    const paged = await createPreview({ themeDir: dir, storeDir: FIXTURES, log: () => {} });
    try {
      const first = await page('/en/blogs/news', paged);
      expect(first.querySelectorAll('.article-card')).toHaveLength(2);
      expect(first.querySelector('.pagination')?.getAttribute('aria-label')).toBe('Journal pages');
      expect(first.querySelector('.pagination [aria-current="page"]')?.textContent).toBe('1');
      const next = first.querySelector('.pagination a[rel="next"]')?.getAttribute('href');
      expect(next).toBe('/en/blogs/news?page=2');
      const second = await page(next!, paged);
      expect(Array.from(second.querySelectorAll('.article-card__title'), (t) => t.textContent?.trim())).toEqual(['The autumn lookbook']);
    } finally {
      await paged.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('shows an article: title, date, author, image, text, topics and published comments only', async () => {
    const doc = await page('/en/blogs/news/autumn-lookbook');
    expect(text(doc, 'h1')).toBe('The autumn lookbook');
    expect(text(doc, '.article__meta')).toBe('15 Sep 2026By Олена Коваль');
    expect(doc.querySelector('.article__image')?.getAttribute('alt')).toBe('The autumn lookbook');
    expect(text(doc, '.article__content')).toMatch(/^This autumn we cut coats from wool and cashmere/);
    expect(Array.from(doc.querySelectorAll('.article__tags a'), (a) => a.getAttribute('href'))).toEqual([
      '/en/blogs/news/tagged/lookbook',
      '/en/blogs/news/tagged/autumn',
    ]);
    expect(text(doc, '.comments__title')).toBe('2 comments');
    expect(Array.from(doc.querySelectorAll('.comment__author'), (a) => a.textContent)).toEqual(['Марія Шевченко', 'Ірина']);
    expect(doc.body.textContent).not.toContain('Buy cheap followers');
    expect(text(doc, '.article__back')).toBe('Back to News');
    // Ukrainian counts its comments in its own plural forms.
    expect(text(await page('/blogs/news/autumn-lookbook'), '.comments__title')).toBe('2 коментарі');
    expect(text(await page('/blogs/news/caring-for-wool'), '.comments__title')).toBe('0 коментарів');
  });

  it('posts a comment: held for moderation, and the page says so; a blank one comes back with the errors', async () => {
    const cookie = await newBrowser(app);
    const doc = await page('/en/blogs/news/caring-for-wool');
    expect(doc.querySelector('form.comments__form')?.getAttribute('action')).toBe('/en/blogs/news/caring-for-wool/comments#comment_form');
    expect(text(doc, '.comments__form .field__hint')).toBe('Comments appear once a moderator approves them.');
    const posted = await app.inject({
      method: 'POST',
      url: '/en/blogs/news/caring-for-wool/comments',
      ...form({ form_type: 'new_comment', utf8: '✓', 'comment[author]': 'Olena', 'comment[email]': 'olena@example.com', 'comment[body]': 'Thank you!' }),
      headers: { ...form({}).headers, cookie },
    });
    expect(posted.statusCode).toBe(302);
    const after = await page(posted.headers.location!.split('#')[0]!, app, cookie);
    expect(text(after, '.comments__form .form-notice')).toBe('Thank you! Your comment will appear once it is approved.');
    expect(after.body.textContent).not.toContain('Thank you!Olena');
    expect(text(after, '.comments__title')).toBe('0 comments');

    const blank = await app.inject({
      method: 'POST',
      url: '/blogs/news/caring-for-wool/comments',
      ...form({ form_type: 'new_comment', 'comment[author]': 'Olena', 'comment[email]': '', 'comment[body]': '' }),
      headers: { ...form({}).headers, cookie },
    });
    const again = await page(blank.headers.location!.split('#')[0]!, app, cookie);
    expect(again.querySelectorAll('.comments__form .form-errors li').length).toBeGreaterThan(0);
    expect(again.querySelector('#CommentBody-template--1__main')?.getAttribute('aria-invalid')).toBe('true');
    expect(again.querySelector<HTMLInputElement>('input[name="comment[author]"]')?.getAttribute('value')).toBe('Olena');
  });
});

describe('password page', () => {
  let locked: FastifyInstance;
  beforeAll(async () => {
    locked = await createPreview({ themeDir: REAL_THEME, storeDir: FIXTURES, log: () => {}, storefrontPassword: 'secret' });
  });
  afterAll(async () => {
    await locked.close();
  });

  it('is where a locked shop sends every page: brand, message, newsletter and the password form, in both languages', async () => {
    expect((await locked.inject({ url: '/products/wool-wrap-coat' })).headers.location).toBe('/password');
    const uk = await page('/password', locked);
    expect(uk.body.className).toBe('template-password');
    expect(text(uk, 'h1')).toBe('Скоро відкриття');
    expect(text(uk, '.password-page__message')).toBe('Ми готуємо новий сезон. Підпишіться, щоб першою дізнатися про відкриття.');
    expect(uk.querySelector('.password-page__newsletter input[name="contact[tags]"]')?.getAttribute('value')).toBe('prospect, password page');
    const password = uk.querySelector('form.password-page__form')!;
    expect(password.getAttribute('action')).toBe('/password');
    expect(password.querySelector('input[type="password"][name="password"]')).not.toBeNull();
    expect(text(uk, '.password-page__enter > summary')).toBe('Вхід за паролем');
    expect(uk.querySelector('.password-page__enter')?.hasAttribute('open')).toBe(false);
    // No shop chrome, no island code: everything else leads back here.
    expect(uk.querySelector('.site-header, [data-island], script[src]')).toBeNull();
    expect(meta(uk, 'og:url')).toBe('http://localhost');
    const en = await page('/en/password', locked);
    expect(text(en, 'h1')).toBe('Opening soon');
    expect(en.querySelector('form.password-page__form')?.getAttribute('action')).toBe('/en/password');
  });

  it("opens the password form with the platform's error after a wrong password, and the right one opens the shop", async () => {
    const wrong = await locked.inject({ method: 'POST', url: '/en/password', ...form({ form_type: 'storefront_password', utf8: '✓', password: 'guess' }) });
    const doc = parse(wrong.body);
    expect(doc.querySelector('.password-page__enter')?.hasAttribute('open')).toBe(true);
    expect(text(doc, '.password-page__form .form-errors')).toBe('Password incorrect, please try again.');
    expect(doc.querySelector('#StorefrontPassword')?.getAttribute('aria-invalid')).toBe('true');
    const right = await locked.inject({ method: 'POST', url: '/en/password', ...form({ form_type: 'storefront_password', utf8: '✓', password: 'secret' }) });
    expect(right.headers.location).toBe('/en/');
    const home = await page('/en/', locked, cookieOf(right));
    expect(home.querySelector('.site-header')).not.toBeNull();
  });
});

describe('Follow on Shop', () => {
  it("shows the platform's follow button in the footer only where the shop offers it", async () => {
    expect((await page('/en/pages/about-us')).querySelector('.site-footer__follow')).toBeNull();
    const following = await createPreview({ themeDir: REAL_THEME, storeDir: FIXTURES, log: () => {}, storefrontPassword: '', followOnShop: true });
    try {
      for (const [url, label] of [
        ['/en/pages/about-us', 'Follow on Shop'],
        ['/pages/about-us', 'Стежити в Shop'],
      ] as const) {
        const button = (await page(url, following)).querySelector('.site-footer__follow shop-login-button');
        expect(button?.getAttribute('action')).toBe('follow');
        expect(button?.textContent).toBe(label);
      }
    } finally {
      await following.close();
    }
  });
});

describe('Custom Liquid section', () => {
  it("renders the merchant's Liquid on any template, with the page's objects", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'features-custom-'));
    cpSync(REAL_THEME, dir, { recursive: true });
    const file = join(dir, 'templates', 'product.json');
    const template = JSON.parse(readFileSync(file, 'utf8')) as { sections: Record<string, unknown>; order: string[] };
    template.sections['custom'] = { type: 'custom-liquid', settings: { custom_liquid: '<p class="note">{{ product.title | upcase }}: {{ shop.name }}</p>' } };
    template.order.push('custom');
    writeFileSync(file, JSON.stringify(template));
    const custom = await createPreview({ themeDir: dir, storeDir: FIXTURES, log: () => {} });
    try {
      const doc = await page('/en/products/wool-wrap-coat', custom);
      expect(doc.querySelector('.section-custom-liquid .custom-liquid.page-width .note')?.textContent).toBe('WOOL WRAP COAT: MAVKA');
    } finally {
      await custom.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('has a preset, so the merchant can add it to any template', () => {
    const source = readFileSync(join(REAL_THEME, 'sections', 'custom-liquid.liquid'), 'utf8');
    const schema = JSON.parse(/{% schema %}([\s\S]*){% endschema %}/.exec(source)![1]!) as {
      presets: unknown[];
      settings: { type: string }[];
      enabled_on?: unknown;
    };
    expect(schema.presets).toHaveLength(1);
    expect(schema.settings[0]!.type).toBe('liquid');
    expect(schema.enabled_on).toBeUndefined();
  });
});
