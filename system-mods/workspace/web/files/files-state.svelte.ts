/**
 * The Files view's state for one agent's workspace: the listing, the selected file or folder,
 * the open text file and its draft, and the operator's changes (upload, new file or folder,
 * rename or move, delete, save). Every change that loses something asks through the shared
 * confirmation first; the listing is read again after each change.
 */
import { describeFailure } from '../../../../web/src/lib/api';
import { confirmAction } from '../../../../web/src/lib/confirm.svelte';
import { formatBytes } from '../../../../web/src/lib/format';
import { baseName, FILE_LIMIT, fileKind, filesApi, fileToBase64, joinPath, parentOf, UPLOAD_LIMIT, type Entry, type FileAnswer, type Listing } from './files-api';

export type Note = { kind: 'ok' | 'error'; text: string };

export class FilesState {
  agentId = $state('');
  listing = $state<Listing | undefined>();
  loading = $state(false);
  problem = $state<string | undefined>();
  /** The selected file or folder (a folder is where new files, folders and uploads go). */
  selected = $state<Entry | undefined>();
  /** The selected text file as read, and the text being edited. */
  open = $state<FileAnswer | undefined>();
  opening = $state(false);
  draft = $state('');
  saving = $state(false);
  /** A line about what is in progress (`Uploading 1 of 3: a.png…`). */
  busy = $state<string | undefined>();
  note = $state<Note | undefined>();

  dirty = $derived(this.open !== undefined && this.open.encoding === 'utf8' && this.draft !== this.open.content);
  /** Where new entries go: the selected folder, the selected file's folder, or the top. */
  folder = $derived(this.selected ? (this.selected.type === 'dir' ? this.selected.path : parentOf(this.selected.path)) : '');

  async load(): Promise<void> {
    if (!this.agentId) return;
    const agentId = this.agentId;
    this.loading = true;
    const result = await filesApi.list(agentId);
    if (agentId !== this.agentId) return;
    this.loading = false;
    if (!result.ok) {
      this.problem = describeFailure(result);
      return;
    }
    this.listing = result.data;
    this.problem = undefined;
    // A selection that is gone (deleted or moved elsewhere) is dropped.
    if (this.selected && !result.data.entries.some((e) => e.path === this.selected!.path)) this.clearSelection();
    else if (this.selected) this.selected = result.data.entries.find((e) => e.path === this.selected!.path);
  }

  /** Another agent: nothing selected, the listing read again. */
  async switchAgent(agentId: string): Promise<void> {
    this.agentId = agentId;
    this.listing = undefined;
    this.clearSelection();
    this.note = undefined;
    await this.load();
  }

  /** True when there is no unsaved edit, or the operator chose to discard it. */
  async mayLeave(): Promise<boolean> {
    if (!this.dirty || !this.open) return true;
    return confirmAction({
      title: `Discard your changes to “${baseName(this.open.path)}”?`,
      message: 'The edits you made since the last save are lost; the file stays as it was saved.',
      action: 'Discard changes',
    });
  }

  /** `again`: read it even when it is the selection already (its content changed). */
  async select(entry: Entry, again = false): Promise<void> {
    if (!again && this.selected?.path === entry.path && this.selected.type === entry.type) return;
    if (!(await this.mayLeave())) return;
    this.selected = entry;
    this.open = undefined;
    this.draft = '';
    this.note = undefined;
    if (entry.type === 'file' && fileKind(entry.path) === 'other' && (entry.size ?? 0) <= FILE_LIMIT) await this.read(entry.path);
  }

  private clearSelection(): void {
    this.selected = undefined;
    this.open = undefined;
    this.draft = '';
  }

  private async read(path: string): Promise<void> {
    this.opening = true;
    const result = await filesApi.read(this.agentId, path);
    this.opening = false;
    if (this.selected?.path !== path) return;
    if (!result.ok) {
      this.note = { kind: 'error', text: describeFailure(result) };
      return;
    }
    this.open = result.data;
    this.draft = result.data.encoding === 'utf8' ? result.data.content : '';
  }

  async reload(): Promise<void> {
    if (this.open && !(await this.mayLeave())) return;
    if (this.selected?.type === 'file') {
      this.note = undefined;
      await this.read(this.selected.path);
    }
  }

  async save(): Promise<void> {
    const open = this.open;
    if (!open || this.saving) return;
    const bytes = new TextEncoder().encode(this.draft).length;
    if (bytes > FILE_LIMIT) {
      this.note = { kind: 'error', text: `The file would be ${formatBytes(bytes)}; at most ${formatBytes(FILE_LIMIT)} can be saved here.` };
      return;
    }
    this.saving = true;
    const draft = this.draft;
    const result = await filesApi.save(this.agentId, open.path, draft, open.version);
    this.saving = false;
    if (result.ok) {
      this.open = { ...open, content: draft, version: result.data.version, size: result.data.size, modifiedAt: result.data.modifiedAt };
      this.note = { kind: 'ok', text: 'Saved.' };
      await this.load();
    } else if (result.error === 'workspace_file_conflict') {
      this.note = { kind: 'error', text: 'Not saved: the file changed since you opened it. Reload it to see the current content (your edits are still in the editor until you do).' };
    } else {
      this.note = { kind: 'error', text: describeFailure(result) };
    }
  }

  /** Uploads files into the current folder, one after the other; an existing name is replaced only when the operator says so. */
  async upload(files: File[]): Promise<void> {
    if (files.length === 0 || this.busy) return;
    if (!(await this.mayLeave())) return;
    this.dirtyFree();
    const folder = this.folder;
    const done: string[] = [];
    const failed: string[] = [];
    for (const [index, file] of files.entries()) {
      this.busy = files.length > 1 ? `Uploading ${index + 1} of ${files.length}: ${file.name}…` : `Uploading ${file.name}…`;
      if (file.size > UPLOAD_LIMIT) {
        failed.push(`${file.name} is ${formatBytes(file.size)}; at most ${formatBytes(UPLOAD_LIMIT)} per file`);
        continue;
      }
      const path = joinPath(folder, file.name);
      let content: string;
      try {
        content = await fileToBase64(file);
      } catch {
        failed.push(`${file.name} could not be read`);
        continue;
      }
      let result = await filesApi.upload(this.agentId, path, content, false);
      if (!result.ok && result.error === 'workspace_entry_exists') {
        const replace = await confirmAction({
          title: `Replace “${file.name}”?`,
          message: `${path} exists already. Uploading replaces its content with the file you picked.`,
          action: 'Replace',
        });
        if (!replace) continue;
        result = await filesApi.upload(this.agentId, path, content, true);
      }
      if (result.ok) done.push(result.data.path);
      else failed.push(`${file.name}: ${describeFailure(result)}`);
    }
    this.busy = undefined;
    await this.load();
    const last = done.at(-1);
    if (last !== undefined) {
      const entry = this.listing?.entries.find((e) => e.path === last);
      if (entry) await this.select(entry, true);
    }
    this.note =
      failed.length > 0
        ? { kind: 'error', text: `Not uploaded: ${failed.join('; ')}.` }
        : done.length > 0
          ? { kind: 'ok', text: done.length === 1 ? `Uploaded ${done[0]}.` : `Uploaded ${done.length} files.` }
          : undefined;
  }

  /** A new empty file (then opened for editing) or folder in the current folder; the failure's words, or undefined. */
  async create(kind: 'file' | 'dir', name: string): Promise<string | undefined> {
    if (!(await this.mayLeave())) return 'Not created: the open file has unsaved changes.';
    const path = joinPath(this.folder, name.trim().replace(/^\/+|\/+$/g, ''));
    const result = kind === 'file' ? await filesApi.create(this.agentId, path, '') : await filesApi.folder(this.agentId, path);
    if (!result.ok) return result.error === 'workspace_entry_exists' ? `${path} exists already.` : describeFailure(result);
    this.dirtyFree();
    await this.load();
    const entry = this.listing?.entries.find((e) => e.path === result.data.path);
    if (entry) await this.select(entry);
    this.note = { kind: 'ok', text: `Created ${result.data.path}${kind === 'dir' ? '/' : ''}.` };
    return undefined;
  }

  /** Renames or moves the selection to `to`; an existing file there is replaced only when the operator says so. */
  async move(to: string): Promise<string | undefined> {
    const entry = this.selected;
    if (!entry) return undefined;
    const target = to.trim().replace(/^\/+|\/+$/g, '');
    if (!target || target === entry.path) return 'Give a new name or path.';
    if (!(await this.mayLeave())) return 'Not moved: the open file has unsaved changes.';
    let result = await filesApi.move(this.agentId, entry.path, target, false);
    if (!result.ok && result.error === 'workspace_entry_exists' && entry.type === 'file') {
      const replace = await confirmAction({ title: `Replace “${baseName(target)}”?`, message: `${target} exists already. It is replaced by ${entry.path}.`, action: 'Replace' });
      if (!replace) return `${target} exists already.`;
      result = await filesApi.move(this.agentId, entry.path, target, true);
    }
    if (!result.ok) return result.error === 'workspace_entry_exists' ? `${target} exists already.` : describeFailure(result);
    this.dirtyFree();
    this.clearSelection();
    await this.load();
    const moved = this.listing?.entries.find((e) => e.path === result.data.to);
    if (moved) await this.select(moved);
    this.note = { kind: 'ok', text: `Moved to ${result.data.to}.` };
    return undefined;
  }

  async remove(): Promise<void> {
    const entry = this.selected;
    if (!entry) return;
    const inside = entry.type === 'dir' ? (this.listing?.entries.filter((e) => e.path.startsWith(`${entry.path}/`)).length ?? 0) : 0;
    const confirmed = await confirmAction({
      title: `Delete “${baseName(entry.path)}”?`,
      message:
        entry.type === 'dir'
          ? `The folder ${entry.path} is deleted${inside > 0 ? ` with the ${inside} ${inside === 1 ? 'entry' : 'entries'} in it` : ''}, hidden files included. This cannot be undone.`
          : `${entry.path} is deleted from the workspace${this.dirty ? ', with your unsaved changes' : ''}. This cannot be undone.`,
      action: 'Delete',
    });
    if (!confirmed) return;
    const result = await filesApi.remove(this.agentId, entry.path, entry.type === 'dir');
    if (!result.ok) {
      this.note = { kind: 'error', text: describeFailure(result) };
      return;
    }
    this.dirtyFree();
    this.clearSelection();
    await this.load();
    this.note = { kind: 'ok', text: `Deleted ${entry.path}.` };
  }

  /** After a change the operator confirmed, the draft no longer guards anything. */
  private dirtyFree(): void {
    if (this.open) this.draft = this.open.encoding === 'utf8' ? this.open.content : '';
  }
}
