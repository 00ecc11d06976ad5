// The product the quick-add panel offers (islands/quick-add opens it from a card's button,
// islands/panels/quick-add draws it). Not in the address: a card's product is the card's; the
// panel is opened by the button only (shared/stores/panel: not one of the address's panels).
import { atom } from 'nanostores';

/** A product as the platform's product endpoint (/products/<handle>.js) answers it, in the parts quick add reads. */
export type QuickAddProduct = {
  id: number;
  title: string;
  /** The product page's address under the page's language root. */
  url: string;
  /** Minor units in the shopper's currency. */
  price: number;
  compareAt: number | null;
  image: string;
  preorder: boolean;
  optionNames: string[];
  variants: { id: number; available: boolean; options: string[]; price: number; compareAt: number | null }[];
};

export type QuickAdd = {
  product: QuickAddProduct;
  /** The colour the card's link names (a list filtered by colour): chosen first where offered. */
  color?: string | null;
  /** What a direct add of a product of one variant was refused with, shown in the panel. */
  error?: string;
};

export const $quickAdd = atom<QuickAdd | null>(null);
