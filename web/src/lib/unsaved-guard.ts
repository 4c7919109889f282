/**
 * An unsaved-change guard for a view that edits something: while `isDirty()` is true, closing
 * or reloading the tab asks the browser's own question, and following a link to another page of
 * the console asks the shared confirmation (`confirmAction`) first; declining stays on the page.
 * Use it in an effect: `$effect(() => guardUnsavedChanges(() => dirty, () => ({ … })));`.
 */
import { confirmAction, type ConfirmRequest } from './confirm.svelte';

export function guardUnsavedChanges(isDirty: () => boolean, question: () => ConfirmRequest): () => void {
  const beforeUnload = (event: BeforeUnloadEvent) => {
    if (!isDirty()) return;
    event.preventDefault();
    // Older browsers need a value to ask.
    event.returnValue = '';
  };
  const onClick = (event: MouseEvent) => {
    if (!isDirty() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const to = new URL(link.href, window.location.href);
    const here = window.location;
    if (to.origin !== here.origin || to.pathname !== here.pathname || !to.hash.startsWith('#/') || to.hash === here.hash) return;
    event.preventDefault();
    event.stopPropagation();
    void confirmAction(question()).then((leave) => {
      if (leave) window.location.hash = to.hash;
    });
  };
  window.addEventListener('beforeunload', beforeUnload);
  document.addEventListener('click', onClick, true);
  return () => {
    window.removeEventListener('beforeunload', beforeUnload);
    document.removeEventListener('click', onClick, true);
  };
}
