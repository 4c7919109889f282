/**
 * Unsaved changes: while `pending()` answers a request, following a link out of the page asks
 * first through the console's one confirmation (`confirmAction`), and closing or reloading the
 * tab gets the browser's own "leave site?" question. Call it in an `$effect` and return its
 * disposer: `$effect(() => guardLeaving(() => (dirty ? { title: …, action: 'Leave' } : undefined)));`.
 *
 * Links are caught in the capture phase, before the page reacts; a link the operator opens in
 * another tab or window (modifier keys, `target`) leaves nothing behind and is not asked about.
 * The browser's Back button changes the address before any page can ask, so it is not covered.
 */
import { confirmAction, type ConfirmRequest } from './confirm.svelte';

export function guardLeaving(pending: () => ConfirmRequest | undefined): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const to = new URL(link.href, window.location.href);
    if (to.href === window.location.href) return;
    const request = pending();
    if (!request) return;
    event.preventDefault();
    event.stopPropagation();
    void confirmAction(request).then((leave) => {
      if (leave) window.location.href = to.href;
    });
  };
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!pending()) return;
    event.preventDefault();
    // Older browsers ask only when given a value.
    event.returnValue = '';
  };
  document.addEventListener('click', onClick, true);
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('beforeunload', onBeforeUnload);
  };
}
