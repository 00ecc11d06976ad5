// The product form (start.ts): a native form until first touched (a submit meanwhile is held, a
// colour or size chosen meanwhile is kept), or at once when the address names a colour or size
// (spec §4: the query values are the default; a card in a colour-filtered list links so): the
// server can only draw the product's first available variant, and the page must show, and add
// to the bag, the one the address asks for.
import { island } from '../../shared/islands/schedule';

const query = new URLSearchParams(window.location.search);
island('product-form', () => import('./start'), { interaction: true, takesSubmit: true, now: query.has('color') || query.has('size') });
