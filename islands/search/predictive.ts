// Predictive search in the search overlay: as the shopper types, the platform's Predictive Search
// API renders sections/predictive-search.liquid (/search/suggest?q=…&section_id=predictive-search)
// and this module places it under the box. The box becomes a combobox (ARIA 1.2, list
// autocomplete): the arrow keys move through the options with aria-activedescendant while focus
// stays in the box, Enter on an option opens it, Enter with none chosen submits the form as
// before (spec §2: q with type=product), Escape closes the list and a second Escape the overlay.
// Each keystroke waits for a pause (DEBOUNCE_MS) and aborts the request it replaces, so an old
// answer never overwrites a newer one. A failed request is logged (spec §8) and says so; the form
// still submits. overlay.ts loads this module when the box is first focused or typed in.
import { bootstrap } from '../../shared/bootstrap';

const DEBOUNCE_MS = 200;
const SECTION_ID = 'predictive-search';
/** Suggestions per type: what fits one phone screen under the box. */
const LIMIT_PER_TYPE = 4;
const LISTBOX_ID = 'predictive-search-listbox';

export function suggestUrl(rootUrl: string, terms: string): string {
  const params = new URLSearchParams({
    q: terms,
    'resources[type]': 'query,product,collection,page',
    'resources[limit]': String(LIMIT_PER_TYPE),
    'resources[limit_scope]': 'each',
    // Sold-out pieces after the rest, as the search page lists them.
    'resources[options][unavailable_products]': 'last',
    section_id: SECTION_ID,
  });
  return `${rootUrl}search/suggest?${params.toString()}`;
}

export interface PredictiveSearch {
  /** Collapses the list and forgets a pending request (the overlay closed). */
  close(): void;
  /** Stops listening (the header was re-rendered). */
  destroy(): void;
}

export function attachPredictiveSearch(input: HTMLInputElement, panel: HTMLElement, status: HTMLElement): PredictiveSearch {
  const texts = { loading: panel.dataset['loading'] ?? '', failed: panel.dataset['failed'] ?? '' };
  const cache = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request: AbortController | null = null;
  let options: HTMLElement[] = [];
  let active = -1;
  let shownTerms = '';

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-haspopup', 'listbox');

  const announce = (text: string): void => {
    if (status.textContent !== text) status.textContent = text;
  };

  const choose = (index: number): void => {
    options[active]?.setAttribute('aria-selected', 'false');
    active = index;
    const option = options[index];
    if (!option) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    option.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  };

  const setExpanded = (expanded: boolean): void => {
    input.setAttribute('aria-expanded', String(expanded));
    if (expanded) input.setAttribute('aria-controls', LISTBOX_ID);
    else input.removeAttribute('aria-controls');
  };

  const clear = (): void => {
    choose(-1);
    options = [];
    shownTerms = '';
    panel.replaceChildren();
    panel.hidden = true;
    panel.removeAttribute('data-state');
    setExpanded(false);
  };

  const showMessage = (state: 'loading' | 'failed', text: string): void => {
    choose(-1);
    options = [];
    const message = document.createElement('p');
    message.className = 'predictive-search__message';
    message.textContent = text;
    panel.replaceChildren(message);
    panel.hidden = false;
    panel.dataset['state'] = state;
    setExpanded(false);
    announce(text);
  };

  const place = (terms: string, html: string): void => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const results = doc.getElementById('predictive-search-results');
    if (!results) throw new Error('predictive search: the section has no #predictive-search-results');
    choose(-1);
    panel.replaceChildren(...Array.from(results.childNodes).map((node) => document.importNode(node, true)));
    panel.hidden = false;
    panel.dataset['state'] = 'results';
    shownTerms = terms;
    options = Array.from(panel.querySelectorAll<HTMLElement>('[role="option"]'));
    setExpanded(options.length > 0);
    announce(panel.querySelector('[data-predictive-summary]')?.textContent?.trim() ?? '');
  };

  const search = async (terms: string): Promise<void> => {
    request?.abort();
    const cached = cache.get(terms);
    if (cached !== undefined) {
      place(terms, cached);
      return;
    }
    const controller = new AbortController();
    request = controller;
    // Earlier suggestions stay while the next ones come; an empty panel says it is searching.
    if (!options.length) showMessage('loading', texts.loading);
    else announce(texts.loading);
    try {
      const response = await fetch(suggestUrl(bootstrap().rootUrl, terms), { signal: controller.signal, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`predictive search: HTTP ${response.status}`);
      const html = await response.text();
      if (controller.signal.aborted) return;
      cache.set(terms, html);
      place(terms, html);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Predictive search failed', error);
      showMessage('failed', texts.failed);
    } finally {
      if (request === controller) request = null;
    }
  };

  const onInput = (): void => {
    clearTimeout(timer);
    const terms = input.value.trim();
    if (!terms) {
      request?.abort();
      clear();
      announce('');
      return;
    }
    if (terms === shownTerms) return;
    timer = setTimeout(() => void search(terms), DEBOUNCE_MS);
  };

  const onKeydown = (event: KeyboardEvent): void => {
    if (event.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!options.length) return;
        event.preventDefault();
        if (input.getAttribute('aria-expanded') !== 'true') {
          setExpanded(true);
          panel.hidden = false;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // From the box, Down goes to the first option and Up to the last; then round and round.
        const next = active === -1 ? (step === 1 ? 0 : options.length - 1) : (active + step + options.length) % options.length;
        choose(next);
        return;
      }
      case 'Enter': {
        const option = options[active];
        if (!option || input.getAttribute('aria-expanded') !== 'true') return;
        event.preventDefault();
        option.click();
        return;
      }
      case 'Escape': {
        if (panel.hidden) return;
        // The list closes first: the document's Escape (the overlay) sees it handled.
        event.preventDefault();
        request?.abort();
        clearTimeout(timer);
        choose(-1);
        panel.hidden = true;
        setExpanded(false);
        return;
      }
      default:
        return;
    }
  };

  // A pointer over an option makes it the chosen one, so the arrows go on from there.
  const onPointerMove = (event: PointerEvent): void => {
    const option = (event.target as Element | null)?.closest<HTMLElement>('[role="option"]');
    const index = option ? options.indexOf(option) : -1;
    if (index !== -1 && index !== active) choose(index);
  };

  // Focus back in a box that still holds the words shows their suggestions again.
  const onFocus = (): void => {
    const terms = input.value.trim();
    if (terms && terms === shownTerms && panel.hidden) {
      panel.hidden = false;
      setExpanded(options.length > 0);
    }
  };

  input.addEventListener('input', onInput);
  input.addEventListener('keydown', onKeydown);
  input.addEventListener('focus', onFocus);
  panel.addEventListener('pointermove', onPointerMove);

  // Typed before this code came: suggest for it now.
  if (input.value.trim()) void search(input.value.trim());

  return {
    close(): void {
      clearTimeout(timer);
      request?.abort();
      choose(-1);
      panel.hidden = true;
      setExpanded(false);
    },
    destroy(): void {
      clearTimeout(timer);
      request?.abort();
      input.removeEventListener('input', onInput);
      input.removeEventListener('keydown', onKeydown);
      input.removeEventListener('focus', onFocus);
      panel.removeEventListener('pointermove', onPointerMove);
    },
  };
}
