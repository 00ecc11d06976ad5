// page_image (shopify.dev): the resource's featured image on product, collection and article
// pages; elsewhere, or where the resource has none, the shop's social sharing image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeCopyPreview, type ThemeCopyPreview } from '../testing';

let preview: ThemeCopyPreview;
beforeAll(async () => {
  const print = '<p class="page-image">{{ page_image | image_url: width: 100 }} {{ page_image.width }}</p>';
  preview = await themeCopyPreview('page-image-', {
    'templates/page.liquid': print,
    'templates/product.alt.liquid': print,
    'templates/blog.liquid': print,
    'templates/article.liquid': print,
  });
});
afterAll(async () => {
  await preview.close();
});

const pageImage = async (url: string) => /<p class="page-image">([^<]*)<\/p>/.exec((await preview.app.inject({ url })).body)?.[1];

describe('page_image', () => {
  it("is the product's or the article's own image", async () => {
    expect(await pageImage('/products/wool-wrap-coat?view=alt')).toBe('/cdn/shop/files/wool-wrap-coat-1.jpg?width=100 1600');
    expect(await pageImage('/blogs/news/autumn-lookbook')).toMatch(/^\/cdn\/shop\/files\/collection-frontpage-autumn\.jpg\?width=100 \d+$/);
  });

  it("is the shop's social sharing image where the page has none (a page, a blog, an article without one)", async () => {
    const sharing = /^\/cdn\/shop\/files\/bg-frontpage-autumn\.jpg\?width=100 \d+$/;
    expect(await pageImage('/pages/about-us')).toMatch(sharing);
    expect(await pageImage('/en/blogs/news')).toMatch(sharing);
    expect(await pageImage('/blogs/news/spring-preview')).toMatch(sharing);
  });
});
