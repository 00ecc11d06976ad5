// Complete your look (Look.tsx): the server draws each dot as a link; the popups come on first touch.
import { island } from '../../shared/islands/schedule';

island('look', () => import('./Look'), { interaction: true });
