// The wishlist of the account area (wishlist.ts): the list lives in the browser, so it is drawn at once.
import { island } from '../../shared/runtime/schedule';
import { start } from './wishlist';

island('account-wishlist', async () => ({ start }), { now: true });
