// @vitest-environment jsdom
// DOMPurify does not sanitise under happy-dom (see reference/toolchain.md): jsdom only.
import { describe, expect, it } from 'vitest';
import { sanitizeFormErrors, sanitizePageContent } from '../../shared/sanitize';

const payloads = [
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<form action="https://evil.example"><input name=a><button formaction="javascript:alert(1)">go</button></form>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<p onclick="alert(1)">hi</p><script>alert(1)</script>',
];

function parse(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

function assertInert(html: string): void {
  const root = parse(html);
  expect(root.querySelector('script, iframe, form, svg, math, style, input, button')).toBeNull();
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.startsWith('on'), `${attr.name} on <${el.tagName}>`).toBe(false);
      expect(/^\s*javascript:/i.test(attr.value), `${attr.name}=${attr.value}`).toBe(false);
    }
  }
}

describe('sanitizePageContent', () => {
  it.each(payloads)('neutralises %s', (payload) => {
    assertInert(sanitizePageContent(payload));
  });

  it('keeps ordinary rich content', () => {
    const html = '<h2>Care</h2><p>Wool <strong>80%</strong>, <a href="/pages/about-us">about</a></p><ul><li>dry clean</li></ul><img src="/a.jpg" alt="a">';
    const out = parse(sanitizePageContent(html));
    expect(out.querySelector('h2')?.textContent).toBe('Care');
    expect(out.querySelector('strong')?.textContent).toBe('80%');
    expect(out.querySelector('a')?.getAttribute('href')).toBe('/pages/about-us');
    expect(out.querySelector('img')?.getAttribute('src')).toBe('/a.jpg');
  });

  it('keeps the harmless part of an image with a handler', () => {
    const out = parse(sanitizePageContent('<img src="x.jpg" onerror="alert(1)">'));
    expect(out.querySelector('img')?.getAttribute('src')).toBe('x.jpg');
    expect(out.querySelector('img')?.hasAttribute('onerror')).toBe(false);
  });
});

describe('sanitizeFormErrors', () => {
  it.each(payloads)('neutralises %s', (payload) => {
    assertInert(sanitizeFormErrors(payload));
  });

  it('keeps error lists with class and start, links and images', () => {
    const out = parse(
      sanitizeFormErrors(
        '<ul class="errors"><li>Incorrect email or password.</li></ul><ol start="2"><li>b</li></ol>' +
          '<a href="/account/login#recover">reset</a><img src="/i.png" alt="!">',
      ),
    );
    expect(out.querySelector('ul')?.getAttribute('class')).toBe('errors');
    expect(out.querySelector('li')?.textContent).toBe('Incorrect email or password.');
    expect(out.querySelector('ol')?.getAttribute('start')).toBe('2');
    expect(out.querySelector('a')?.getAttribute('href')).toBe('/account/login#recover');
    expect(out.querySelector('img')?.getAttribute('src')).toBe('/i.png');
  });

  it('drops tags and attributes outside the error allow-list', () => {
    const out = parse(sanitizeFormErrors('<h1 id="x" style="color:red">big</h1><table><tr><td>t</td></tr></table>'));
    expect(out.querySelector('h1, table, [style], [id]')).toBeNull();
    expect(out.textContent).toContain('big');
  });
});
