// The server may list the whole graph of some code an island loads with import() (snippets/
// island-code, written by build.mjs) in an inert template: copied into the head, its
// modulepreload links ask for every chunk at once, where the import alone would find them one
// level per round trip. Each template is copied once (it leaves the page as it is used).

/** Asks for the code listed under `name` now (an island's start, 'panels', 'panel-<name>'). */
export function preloadIslandCode(name: string): void {
  const template = document.querySelector<HTMLTemplateElement>(`template[data-island-code="${name}"]`);
  if (!template) return;
  document.head.append(template.content.cloneNode(true));
  template.remove();
}
