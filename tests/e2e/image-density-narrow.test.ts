// Issue 18's density and overflow checks (tests/e2e/image-density.ts) at 375 and 768 px, and on
// a 3× phone.
import { describeDensity, WIDTHS } from './image-density';

describeDensity(
  WIDTHS.filter(({ viewport }) => viewport.width < 1024),
  { phone3x: true },
);
