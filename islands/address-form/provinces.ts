// The region of an address as a select filled from the country the shopper picked. The country
// select holds the platform's country option tags: each option's data-provinces is a JSON list of
// [value, label] pairs (value the name the platform stores, label in the page's language). The
// server draws the region as a text field (what works without JavaScript); this swaps it for a
// select with the same name and id, refills it when the country changes, and hides the field for
// a country without regions. A saved region that is not in the list stays as an option of its
// own, so saving the form never loses it.

type Pair = [value: string, label: string];

function provincesOf(country: HTMLSelectElement): Pair[] {
  const raw = country.selectedOptions[0]?.dataset['provinces'] ?? '[]';
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((p): p is Pair => Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'string') : [];
  } catch {
    return [];
  }
}

function fill(select: HTMLSelectElement, pairs: Pair[], current: string): void {
  const options = pairs.map(([value, label]) => new Option(label, value));
  const match = pairs.find(([value, label]) => value === current || label === current);
  if (current && !match) options.unshift(new Option(current, current));
  select.replaceChildren(...options);
  select.value = match ? match[0] : current || (pairs[0]?.[0] ?? '');
}

function enhance(form: HTMLElement): void {
  const country = form.querySelector<HTMLSelectElement>('select[data-address-country]');
  const text = form.querySelector<HTMLInputElement>('input[data-address-province]');
  const field = text?.closest<HTMLElement>('[data-address-province-field]');
  if (!country || !text || !field) return;
  const select = document.createElement('select');
  select.id = text.id;
  select.name = text.name;
  select.className = text.className;
  select.autocomplete = text.autocomplete;
  select.classList.add('account-field__select');
  select.dataset['addressProvince'] = '';
  const show = (current: string): void => {
    const pairs = provincesOf(country);
    fill(select, pairs, current);
    // A country without regions posts no region; the field would only ask for nothing.
    field.hidden = pairs.length === 0 && !current;
    select.disabled = field.hidden;
  };
  show(text.value);
  text.replaceWith(select);
  country.addEventListener('change', () => show(''));
}

export function start(nodes: HTMLElement[]): void {
  for (const node of nodes)
    if (!node.hasAttribute('data-address-enhanced')) {
      node.setAttribute('data-address-enhanced', '');
      enhance(node);
    }
}
