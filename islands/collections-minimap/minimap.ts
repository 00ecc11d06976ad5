// The draggable minimap beside the collections list (spec §2, §9). The frame follows the page's
// scroll through the list; dragging the frame (or pressing a thumbnail) scrolls the page. The
// minimap is fixed beside the list while the footer is out of view and sits at the list's end
// (absolute) once the footer shows, so it never covers the footer. It is aria-hidden and holds
// nothing focusable: keyboard and screen-reader users have the list itself.
import { onUnload } from '../../shared/runtime/schedule';
import { frameTop, progressAt, progressForFrameAt, scrollFor, trackShift, type ListBox, type Track } from './geometry';

class Minimap {
  private readonly map: HTMLElement;
  private readonly track: HTMLElement;
  private readonly frame: HTMLElement;
  private readonly list: HTMLElement;
  private box: ListBox = { top: 0, bottom: 0, viewport: 0 };
  private trackInfo: Track = { count: 0, trackHeight: 0, windowHeight: 0 };
  private frameY = 0;
  private grab: number | null = null;
  private queued = false;
  // Window listeners and the footer's observer outlive a section the theme editor re-renders.
  private readonly lifetime = new AbortController();
  private footerObserver: IntersectionObserver | null = null;

  constructor(private readonly root: HTMLElement) {
    this.map = root.querySelector<HTMLElement>('[data-minimap]')!;
    this.track = root.querySelector<HTMLElement>('[data-minimap-track]')!;
    this.frame = root.querySelector<HTMLElement>('[data-minimap-frame]')!;
    this.list = root.querySelector<HTMLElement>('.collections-list')!;
  }

  start(): void {
    this.measure();
    const { signal } = this.lifetime;
    window.addEventListener('scroll', () => this.schedule(), { passive: true, signal });
    window.addEventListener(
      'resize',
      () => {
        this.measure();
        this.schedule();
      },
      { signal },
    );
    // Images above may finish loading and move the list.
    window.addEventListener(
      'load',
      () => {
        this.measure();
        this.schedule();
      },
      { signal },
    );
    this.map.addEventListener('pointerdown', (event) => this.press(event));
    this.map.addEventListener('pointermove', (event) => this.drag(event));
    this.map.addEventListener('pointerup', (event) => this.release(event));
    this.map.addEventListener('pointercancel', (event) => this.release(event));
    this.watchFooter();
    this.update();
  }

  /** Stops following the page: the theme editor removed or re-rendered the section. */
  stop(): void {
    this.lifetime.abort();
    this.footerObserver?.disconnect();
  }

  private measure(): void {
    const rect = this.list.getBoundingClientRect();
    this.box = { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY, viewport: window.innerHeight };
    this.trackInfo = {
      count: this.track.querySelectorAll('.collections-minimap__thumb').length,
      trackHeight: this.track.scrollHeight,
      windowHeight: this.map.clientHeight,
    };
  }

  private schedule(): void {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      this.update();
    });
  }

  private update(): void {
    const progress = progressAt(window.scrollY, this.box);
    this.frameY = frameTop(progress, this.trackInfo) - trackShift(progress, this.trackInfo);
    this.track.style.transform = `translateY(${-trackShift(progress, this.trackInfo)}px)`;
    this.frame.style.transform = `translateY(${frameTop(progress, this.trackInfo)}px)`;
  }

  private pointerY(event: PointerEvent): number {
    return event.clientY - this.map.getBoundingClientRect().top;
  }

  private press(event: PointerEvent): void {
    if (event.button !== 0) return;
    event.preventDefault();
    const y = this.pointerY(event);
    const onFrame = y >= this.frameY && y <= this.frameY + this.frame.offsetHeight;
    // Pressing the frame keeps the point held; pressing a thumbnail centres the frame on it.
    this.grab = onFrame ? y - this.frameY : this.frame.offsetHeight / 2;
    this.map.setPointerCapture(event.pointerId);
    this.map.classList.add('is-dragging');
    this.scrollTo(y);
  }

  private drag(event: PointerEvent): void {
    if (this.grab === null) return;
    this.scrollTo(this.pointerY(event));
  }

  private release(event: PointerEvent): void {
    if (this.grab === null) return;
    this.grab = null;
    this.map.classList.remove('is-dragging');
    if (this.map.hasPointerCapture(event.pointerId)) this.map.releasePointerCapture(event.pointerId);
  }

  private scrollTo(pointerY: number): void {
    this.measure();
    const progress = progressForFrameAt(pointerY - (this.grab ?? 0), this.trackInfo);
    window.scrollTo({ top: scrollFor(progress, this.box), behavior: 'instant' });
    this.update();
  }

  private watchFooter(): void {
    const footer = document.querySelector('.site-footer, footer');
    if (!footer || typeof IntersectionObserver === 'undefined') return;
    this.footerObserver = new IntersectionObserver((entries) => {
      const visible = entries.some((e) => e.isIntersecting);
      this.map.classList.toggle('collections-minimap--fixed', !visible);
      this.map.classList.toggle('collections-minimap--absolute', visible);
      this.measure();
      this.schedule();
    });
    this.footerObserver.observe(footer);
  }
}

export function start(nodes: HTMLElement[]): void {
  for (const root of nodes) {
    if (!root.querySelector('[data-minimap-frame]')) continue;
    try {
      const minimap = new Minimap(root);
      minimap.start();
      onUnload(root, () => minimap.stop());
    } catch (error) {
      console.error('Island "collections-minimap" failed', error);
    }
  }
}
