// Orders of the account area (see AccountOrders.tsx). The server drew every order as a
// <details> row that opens without JavaScript, so the island is not needed for the first paint.
import { lazyIsland } from '../../shared/islands/schedule';

lazyIsland('account-orders', () => import('./start'), { idle: true });
