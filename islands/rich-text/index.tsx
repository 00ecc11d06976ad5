// Upgrades the server's allow-listed merchant HTML (snippets/rich-text.liquid) to the full HTML,
// sanitised by DOMPurify. DOMPurify is loaded when the browser is idle, so it never delays the
// first paint, and only on pages that show merchant HTML.
import { readIslandProps } from '../../shared/bootstrap';
import { whenIdle } from '../../shared/islands/schedule';

type Props = { html?: string };

function upgrade(node: HTMLElement, html: string): void {
  import('../../shared/sanitize')
    .then(({ sanitizePageContent }) => {
      const props = node.querySelector(':scope > script[data-island-props]');
      node.innerHTML = sanitizePageContent(html);
      if (props) node.prepend(props);
    })
    .catch((error: unknown) => console.error('Rich text could not be sanitised; the server version stays', error))
    // The mount marker: the block holds its final HTML (what tests and scripts wait on).
    .finally(() => node.setAttribute('data-island-mounted', ''));
}

for (const node of Array.from(document.querySelectorAll<HTMLElement>('[data-island="rich-text"]'))) {
  const html = readIslandProps<Props>(node)?.html;
  if (typeof html === 'string') whenIdle(() => upgrade(node, html));
  else node.setAttribute('data-island-mounted', '');
}
