// A customer's server-drawn heart (snippets/wishlist-toggle: a link to the wishlist page until its
// code has come) and a press on it, for the held-press tests of islands/wishlist-toggle.

export const HEART = `<div class="wishlist-toggle" data-island="wishlist-toggle">
  <script type="application/json" data-island-props>{"id": 42, "title": "Coat"}</script>
  <a class="wishlist-toggle__control" href="/collections/all?view=wishlist">heart</a>
</div>`;

/** Clicks the server's heart link; answers the event (defaultPrevented: the press was held). */
export function pressHeart(): MouseEvent {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  document.querySelector('a.wishlist-toggle__control')!.dispatchEvent(click);
  return click;
}
