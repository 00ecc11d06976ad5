// The signed-in customer from the page's bootstrap; null for a guest (spec §6).
import { atom } from 'nanostores';
import { bootstrap, type BootstrapCustomer } from '../bootstrap';

export const $customer = atom<BootstrapCustomer | null>(bootstrap().customer);
