// With zoom on, a gallery image is a link to its 2x file until the gallery's code has come
// (islands/product-gallery/index.tsx). A click before the code is held and zooms the image, aimed
// where it was clicked, once the code is here; the file is opened only if the code fails.
import { describe, expect, it, vi } from 'vitest';

let asked = 0;
let arrive: (module: { start(nodes: HTMLElement[]): void }) => void = () => {};
vi.mock('../../islands/product-gallery/gallery', () => {
  asked += 1;
  return new Promise((resolve) => (arrive = resolve));
});

const GALLERY = `<div data-island="product-gallery"><ul>
  <li><a class="product-gallery__zoom" href="/cdn/shop/files/coat-1.jpg?width=2000"><img src="/a.jpg" alt="Coat"></a></li>
  <li><a class="product-gallery__zoom" href="/cdn/shop/files/coat-2.jpg?width=2000"><img src="/b.jpg" alt="Coat"></a></li>
</ul></div>`;

function clickImage(index: number): MouseEvent {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, clientX: 120, clientY: 80, detail: 1 });
  document.querySelectorAll('a.product-gallery__zoom')[index]!.dispatchEvent(click);
  return click;
}

describe('a click on a gallery image before the gallery’s code', () => {
  it('zooms that image once the code comes, where it was clicked, and never opens the file', async () => {
    document.body.innerHTML = GALLERY;
    const follow = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await import('../../islands/product-gallery/index');
    const first = clickImage(1);
    expect(first.defaultPrevented).toBe(true);
    expect(clickImage(1).defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(asked).toBe(1));
    // The code makes each link a toggle that zooms on click (gallery.ts), and the zoom is the link.
    const zooms: { index: number; x: number; y: number; prevented: boolean }[] = [];
    arrive({
      start(nodes) {
        nodes[0]!.querySelectorAll<HTMLAnchorElement>('a.product-gallery__zoom').forEach((link, index) => {
          link.setAttribute('role', 'button');
          link.addEventListener('click', (event) => {
            event.preventDefault();
            zooms.push({ index, x: event.clientX, y: event.clientY, prevented: event.defaultPrevented });
          });
        });
      },
    });
    await vi.waitFor(() => expect(zooms).toHaveLength(1));
    expect(zooms[0]).toEqual({ index: 1, x: 120, y: 80, prevented: true });
    // Later clicks are the gallery's own.
    expect(clickImage(0).defaultPrevented).toBe(true);
    expect(zooms.map((zoom) => zoom.index)).toEqual([1, 0]);
    expect(follow).not.toHaveBeenCalled();
  });
});
