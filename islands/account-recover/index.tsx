// The password-reset block of personal details (recover.ts): a native form until first touched.
import { island } from '../../shared/runtime/schedule';

island('account-recover', () => import('./recover'), { interaction: true });
