// The new-password screen (see NewPasswordForm.tsx). The server's form works on its own (the
// browser checks the rules, the platform too), so the island loads when it is first needed: at
// once when the address asks for the success view (?recovered=true, which Liquid cannot see),
// as soon as the shopper reaches into the form, or else when the browser is idle.
import { lazyIsland } from '../../shared/islands/schedule';

lazyIsland('new-password', () => import('./start'), {
  now: /[?&]recovered=true(&|$)/.test(window.location.search),
  interaction: true,
  idle: true,
});
