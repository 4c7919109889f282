/**
 * The state of a list the operator edits: the records (loaded once, then kept in step with
 * every save and removal), the create/edit form's draft, and per record whether a request is in
 * flight, its last refusal and its last success line. `components/CrudPanel.svelte` draws it;
 * a view that lays its records out otherwise (cards, a search) can use this alone.
 *
 * ```ts
 * const crud = new Crud({
 *   load: connectionsApi.mcpConnections, items: (data) => data.connections, key: (c) => c.id,
 *   blank, draftOf, save: (draft, editing) => problem ?? connectionsApi.save(…), saved: (data) => data.connection,
 *   remove: (c) => connectionsApi.delete(c.id), confirmRemove: (c) => `Delete ${c.name}?`,
 * });
 * ```
 */
import { confirmAction, type ConfirmRequest } from './confirm.svelte';
import { describeFailure, type ApiResult } from './api';
import { action, resource, type Resource } from './resource.svelte';

export interface CrudOptions<T, L, D, S> {
  /** Reads the list; `items` picks the records from the answer. */
  load: () => Promise<ApiResult<L>>;
  items: (data: L) => T[];
  key: (item: T) => string;
  /** Runs after every successful load (e.g. to move a clock on). */
  onload?: (data: L) => void;
  /** An empty form, and the form for editing a record. */
  blank: () => D;
  draftOf?: (item: T) => D;
  /**
   * Checks the draft and sends it: a string is the problem shown instead (nothing is sent).
   * `editing` is the key of the record being edited, undefined when creating.
   */
  save?: (draft: D, editing: string | undefined) => string | Promise<ApiResult<S>>;
  /** The record a successful save answered with; undefined when the answer needs no list change. */
  saved?: (data: S, created: boolean) => T | undefined;
  /** The success line after a save; the record's key by default. */
  savedMessage?: (item: T | undefined, created: boolean, data: S) => string | undefined;
  /** Keeps the list in this order after a save. */
  sort?: (a: T, b: T) => number;
  /** New records go first (else last, or where `sort` puts them). */
  newFirst?: boolean;
  /** Removes a record on the server. */
  remove?: (item: T) => Promise<ApiResult<unknown>>;
  /** The question asked before a removal (its button says Delete); none: no question. */
  confirmRemove?: (item: T) => string;
  /** Every time the list changed (loaded, saved, removed): e.g. to share it with another panel. */
  onchange?: (items: T[]) => void;
}

export interface RunOptions<R> {
  /** Asked first (the console's confirmation dialog); the request is not sent unless the operator agrees. */
  confirm?: ConfirmRequest;
  /** Applies the answer; a string it returns becomes the record's success line. */
  ok?: (data: R) => string | void;
  /** Words a failure differently than `code: message`. */
  failed?: (failure: { error: string; message: string; status: number }) => string;
}

export class Crud<T, L = unknown, D = Record<string, unknown>, S = unknown> {
  readonly list: Resource<L>;
  items = $state<T[] | undefined>();
  /** The key of the record in the form, undefined while the form creates one. */
  editing = $state<string | undefined>();
  draft = $state<D>() as D;
  readonly saving = action();
  /** Per record key: a request in flight, the last refusal, the last success line. */
  busy = $state<Record<string, boolean>>({});
  problems = $state<Record<string, string>>({});
  notes = $state<Record<string, string>>({});
  readonly #options: CrudOptions<T, L, D, S>;

  constructor(options: CrudOptions<T, L, D, S>) {
    this.#options = options;
    this.draft = options.blank();
    this.list = resource(options.load, (data) => {
      this.#set(options.items(data));
      options.onload?.(data);
    });
  }

  /** The record being edited, if it is still listed. */
  get current(): T | undefined {
    const key = this.editing;
    return key === undefined ? undefined : this.items?.find((item) => this.#options.key(item) === key);
  }

  load = (): Promise<boolean> => this.list.load();

  keyOf = (item: T): string => this.#options.key(item);

  #set(items: T[]): void {
    this.items = items;
    this.#options.onchange?.(items);
  }

  /** Puts a record in the list (in place when its key is there already). */
  put = (item: T, first = false): void => {
    const { key, sort } = this.#options;
    const id = key(item);
    const list = this.items ?? [];
    const listed = list.some((other) => key(other) === id);
    let next = listed ? list.map((other) => (key(other) === id ? item : other)) : first ? [item, ...list] : [...list, item];
    if (sort) next = [...next].sort(sort);
    this.#set(next);
  };

  /** Takes a record out of the list (and out of the form). */
  drop = (id: string): void => {
    this.#set((this.items ?? []).filter((item) => this.#options.key(item) !== id));
    if (this.editing === id) this.reset();
  };

  edit = (item: T): void => {
    if (!this.#options.draftOf) return;
    this.editing = this.#options.key(item);
    this.draft = this.#options.draftOf(item);
    this.saving.clear();
  };

  /** Back to an empty create form; a success line stays. */
  reset = (): void => {
    this.editing = undefined;
    this.draft = this.#options.blank();
    this.saving.problem = undefined;
  };

  /** The form's submit handler. */
  submit = async (event?: SubmitEvent): Promise<void> => {
    event?.preventDefault();
    const { save, saved, savedMessage, key } = this.#options;
    if (!save) return;
    const editing = this.editing;
    const created = editing === undefined;
    const request = save(this.draft, editing);
    if (typeof request === 'string') {
      this.saving.clear();
      this.saving.problem = request;
      return;
    }
    await this.saving.send(() => request, {
      ok: (data) => {
        const item = saved?.(data, created);
        if (item !== undefined) this.put(item, created && this.#options.newFirst);
        this.reset();
        return savedMessage ? savedMessage(item, created, data) : item !== undefined ? `${created ? 'Added' : 'Saved'} ${key(item)}.` : undefined;
      },
    });
  };

  /** One request about one record: busy while in flight, then its refusal or its success line. */
  run = async <R>(item: T, request: () => Promise<ApiResult<R>>, options: RunOptions<R> = {}): Promise<ApiResult<R> | undefined> => {
    if (options.confirm !== undefined && !(await confirmAction(options.confirm))) return undefined;
    const id = this.#options.key(item);
    this.busy[id] = true;
    delete this.problems[id];
    const result = await request();
    this.busy[id] = false;
    if (result.ok) {
      const note = options.ok?.(result.data);
      if (typeof note === 'string') this.notes[id] = note;
    } else {
      this.problems[id] = options.failed?.(result) ?? describeFailure(result);
    }
    return result;
  };

  /** Asks (`confirmRemove`), removes on the server, then from the list. */
  remove = async (item: T): Promise<void> => {
    const { remove, confirmRemove, key } = this.#options;
    if (!remove) return;
    await this.run(item, () => remove(item), { ...(confirmRemove ? { confirm: { title: confirmRemove(item), action: 'Delete' } } : {}), ok: () => this.drop(key(item)) });
  };
}

export function crud<T, L, D, S>(options: CrudOptions<T, L, D, S>): Crud<T, L, D, S> {
  return new Crud(options);
}
