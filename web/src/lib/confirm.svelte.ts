/**
 * The console's one confirmation for consequential actions (disable, delete, purge, reset,
 * revoke, reject, uninstall, an auth change that could lock people out): `confirmAction(…)`
 * opens the dialog the shell mounts once (`components/ConfirmDialog.svelte`) and resolves true
 * only when the operator chose the action. The action's button says what it does and looks
 * destructive when it destroys; Cancel has the focus, so Enter alone never destroys anything.
 */
export interface ConfirmRequest {
  /** The question, short: "Delete the task “Weekly report”?" */
  title: string;
  /** What happens, and what does not (kept, recoverable). */
  message?: string;
  /** The button's words: "Delete", "Disable", "Reset context". */
  action: string;
  /** Destroys or removes something (default): styled as destructive. */
  destructive?: boolean;
}

interface Pending extends ConfirmRequest {
  resolve: (confirmed: boolean) => void;
}

class Confirmations {
  current = $state<Pending | undefined>();

  ask(request: ConfirmRequest): Promise<boolean> {
    // One at a time: a second request while one is open declines the first.
    this.current?.resolve(false);
    return new Promise((resolve) => {
      this.current = { ...request, resolve };
    });
  }

  answer(confirmed: boolean): void {
    const pending = this.current;
    this.current = undefined;
    pending?.resolve(confirmed);
  }
}

export const confirmations = new Confirmations();

export function confirmAction(request: ConfirmRequest): Promise<boolean> {
  return confirmations.ask(request);
}
