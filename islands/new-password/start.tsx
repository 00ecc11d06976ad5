// Mounts the new-password island over the server's form: its action, hidden token and id,
// errors and whatever the shopper already typed are read first, since mounting replaces them;
// the field that had the focus keeps it.
import { mountIsland } from '../../shared/runtime/mount';
import { NewPasswordForm, readServerForm } from './NewPasswordForm';

export function start([node]: HTMLElement[]): void {
  if (!node) return;
  const form = readServerForm(node);
  const recovered = new URLSearchParams(window.location.search).get('recovered') === 'true';
  const focusedId = node.contains(document.activeElement) ? document.activeElement?.id : undefined;
  mountIsland('new-password', ({ loginUrl }: { loginUrl?: string }) => <NewPasswordForm loginUrl={loginUrl} form={form} recovered={recovered} />);
  if (focusedId) document.getElementById(focusedId)?.focus();
}
