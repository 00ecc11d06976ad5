// `shop.features`: the platform's switches a theme reads to offer what the shop has turned on.
// Today one: `follow_on_shop?`, true when the shop uses Shop Pay and the Shop channel is
// installed (Settings → Payments, Sales channels → Shop), so a theme may show a Follow on Shop
// button (`shop | login_button: action: 'follow'`). The fixture shop has neither, so it is off
// unless asked for (PREVIEW_FOLLOW_ON_SHOP=1, or the `followOnShop` option).

export interface ShopFeatures {
  'follow_on_shop?': boolean;
}

export function shopFeaturesFrom(followOnShop: boolean | undefined, env: string | undefined): ShopFeatures {
  return { 'follow_on_shop?': followOnShop ?? env === '1' };
}
