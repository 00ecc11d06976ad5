// An embedded video or a 3D model in the gallery (snippets/product-gallery-media.liquid) shows its
// still as a link (to the video on its host, to the model file) until the shopper asks for it:
// then the platform's player or model viewer, kept in the slide's <template>, takes its place, so
// nothing of a video host and no viewer code loads for a shopper who never asks. The model viewer
// is the platform's (its `Shopify.loadFeatures`, which a shop's content_for_header provides);
// where it is missing, the model's still stays under the element.

type ShopifyFeatures = { loadFeatures?: (features: { name: string; version: string; onLoad: (error?: unknown) => void }[]) => void };

function loadModelViewer(): void {
  const shopify = (window as unknown as { Shopify?: ShopifyFeatures }).Shopify;
  shopify?.loadFeatures?.([
    {
      name: 'model-viewer-ui',
      version: '1.0',
      onLoad: (error) => {
        if (error) console.error('The 3D viewer did not load', error);
      },
    },
  ]);
}

/** Makes the still a button that puts the slide's player (its template) in its place. */
export function deferredMedia(link: HTMLAnchorElement): void {
  const template = link.parentElement?.querySelector('template');
  if (!template) return;
  link.setAttribute('role', 'button');
  const open = (event: Event): void => {
    event.preventDefault();
    const player = template.content.cloneNode(true);
    const isModel = link.hasAttribute('data-model');
    if (isModel) {
      // The still stays under the viewer until it draws the model.
      link.removeAttribute('href');
      link.removeAttribute('role');
      link.querySelector('.product-gallery__deferred-label')?.remove();
      link.append(player);
      loadModelViewer();
    } else link.replaceWith(player);
    template.remove();
  };
  link.addEventListener('click', open, { once: true });
  link.addEventListener('keydown', (event) => {
    if (event.key === ' ') {
      event.preventDefault();
      link.click();
    }
  });
}
