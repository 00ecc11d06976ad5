// @vitest-environment jsdom
// The server half of merchant HTML (snippets/rich-text.liquid): what a shopper without
// JavaScript gets. Rendered with the preview's engine and read back with a real HTML parser.
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { createLiquid } from '../../preview/liquid/engine';
import { REQUEST_KEY, type RenderRequest } from '../../preview/liquid/context';

const liquid = createLiquid(resolve('theme'));

function request(): RenderRequest {
  return {
    language: 'uk',
    primaryLanguage: 'uk',
    rootUrl: '/',
    currency: 'UAH',
    moneyFormat: '{{amount}}',
    moneyWithCurrencyFormat: '{{amount}}',
    query: new URLSearchParams(),
    path: '/pages/x',
    translations: {},
    fallbackTranslations: {},
    assetVersion: () => '1',
    formResults: {},
    allProductsSeen: new Set(),
    sectionCounter: { value: 0 },
  };
}

/** The rendered block, parsed; the props script (read by the island) left out. */
async function render(html: string): Promise<HTMLElement> {
  const out = await liquid.parseAndRender(`{% render 'rich-text', html: html %}`, { html }, { globals: { [REQUEST_KEY]: request() } });
  const doc = new DOMParser().parseFromString(out, 'text/html');
  const block = doc.querySelector<HTMLElement>('.rte');
  if (!block) throw new Error('no rich-text block');
  block.querySelector('script[data-island-props]')?.remove();
  return block;
}

const hrefs = (el: Element) => Array.from(el.querySelectorAll('a'), (a) => a.getAttribute('href'));

describe('rich-text snippet (server side, no JavaScript)', () => {
  it('keeps headings, paragraphs, lists and quotes, and the text', async () => {
    const block = await render('<h2>Shipping</h2><p>We ship <strong>fast</strong>.</p><ul><li>One</li></ul><blockquote><p>Quote</p></blockquote>');
    expect(block.querySelector('h2')?.textContent).toBe('Shipping');
    expect(block.querySelector('p strong')?.textContent).toBe('fast');
    expect(block.querySelector('ul li')?.textContent).toBe('One');
    expect(block.querySelector('blockquote p')?.textContent).toBe('Quote');
  });

  it('keeps plain links to paths and to http(s), mailto and tel addresses', async () => {
    const block = await render(
      '<p><a href="/pages/our-story">Story</a> <a href="https://t.me/x">TG</a> <a href="mailto:a@b.co">Mail</a> <a href="tel:+380441234567">Call</a> <a href="#part">Part</a></p>',
    );
    expect(hrefs(block)).toEqual(['/pages/our-story', 'https://t.me/x', 'mailto:a@b.co', 'tel:+380441234567', '#part']);
    expect(block.querySelector('a[href="/pages/our-story"]')?.textContent).toBe('Story');
  });

  it('drops script URLs, protocol-relative URLs and links with other attributes, keeping their text', async () => {
    const block = await render(
      '<p><a href="javascript:alert(1)">one</a> <a href=" javascript:alert(1)">two</a> <a href="//evil.example">three</a> <a class="x" href="/y">four</a> <a href="data:text/html,x">five</a></p>',
    );
    expect(hrefs(block)).toEqual([]);
    expect(block.textContent).toContain('one');
    expect(block.textContent).toContain('four');
  });

  it('keeps an accepted URL inside its attribute', async () => {
    const block = await render('<p><a href="/q onfocus=alert(1) autofocus">z</a></p>');
    const link = block.querySelector('a');
    expect(link?.getAttributeNames()).toEqual(['href']);
    expect(link?.getAttribute('href')).toBe('/q onfocus=alert(1) autofocus');
  });

  it('removes every other tag and attribute: no script, no handler, no image', async () => {
    const block = await render(
      '<p onclick="alert(1)">a</p><script>alert(2)</script><img src=x onerror=alert(3)><iframe src="/x"></iframe><h2 style="color:red">t</h2>',
    );
    expect(block.querySelector('script, img, iframe, [onclick], [onerror], [style]')).toBeNull();
    expect(block.innerHTML).not.toContain('alert(3)');
  });

  it('cannot be tricked by text that looks like its own markers', async () => {
    const block = await render('<p>[[a:javascript:alert(1):a]]x[[/a]] [[script]]</p>');
    expect(block.querySelector('a, script')).toBeNull();
    expect(block.textContent).toContain('javascript:alert(1)');
  });

  it('needs no island (so no sanitiser is loaded) when the allow-listed HTML is the whole HTML', async () => {
    const plain = await liquid.parseAndRender(
      `{% render 'rich-text', html: html %}`,
      { html: '<h2>Care</h2><p>Wash <strong>cold</strong>, <a href="/pages/care">more</a>.</p><ul><li>One</li></ul>' },
      { globals: { [REQUEST_KEY]: request() } },
    );
    expect(plain).not.toContain('data-island');
    expect(plain).not.toContain('<script');
    const rich = await liquid.parseAndRender(
      `{% render 'rich-text', html: html %}`,
      { html: '<p>Look <img src="/x.jpg" alt="x"></p>' },
      { globals: { [REQUEST_KEY]: request() } },
    );
    expect(rich).toContain('data-island="rich-text"');
    expect(rich).toContain('data-island-props');
  });

  it('hands the full HTML to the island in a script that cannot be closed early', async () => {
    const html = '<p>a</p></script><script>alert(1)</script>';
    const out = await liquid.parseAndRender(`{% render 'rich-text', html: html %}`, { html }, { globals: { [REQUEST_KEY]: request() } });
    const doc = new DOMParser().parseFromString(out, 'text/html');
    const props = doc.querySelector('script[data-island-props]');
    expect(JSON.parse(props?.textContent ?? '')).toEqual({ html });
    expect(doc.querySelectorAll('script:not([data-island-props]):not([type="module"])')).toHaveLength(0);
  });
});
