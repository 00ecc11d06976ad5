// Issue 18's density and overflow checks (tests/e2e/image-density.ts) at 1024 and 1440 px.
import { describeDensity, WIDTHS } from './image-density';

describeDensity(
  WIDTHS.filter(({ viewport }) => viewport.width >= 1024),
  { phone3x: false },
);
