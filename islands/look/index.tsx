// Complete your look (Look.tsx): the server draws each dot as a link to its product; the popups
// come on first touch. That first tap is held for the dot's button (shared/runtime/hold-clicks.ts):
// on a phone's network the code comes after the tap, and the link would take the shopper to the
// product's page instead of opening its popup.
import { island } from '../../shared/runtime/schedule';
import { holdFirstClicks } from '../../shared/runtime/hold-clicks';

const LOOK = '[data-island="look"]';

const startLooks = island('look', () => import('./Look'), { interaction: true });
holdFirstClicks(`${LOOK} a.look__dot-button`, startLooks, (link) => {
  const node = link.closest<HTMLElement>(LOOK);
  if (!node) return null;
  const dot = Array.from(node.querySelectorAll('a.look__dot-button')).indexOf(link);
  // Look.tsx draws the dots again as buttons, in the same order.
  return { control: () => node.querySelectorAll<HTMLButtonElement>('button.look__dot-button')[dot] ?? null };
});
