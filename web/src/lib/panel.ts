/**
 * Declarative mod panels: what an installed mod shows in its control (or archive) slot. The mod
 * never runs a script in this page; it answers `GET /api/mods/<id>/ui/<slot>` with JSON in the
 * format below, which the shell checks here and draws as plain text, numbers, tables, lists and
 * buttons (`components/DeclarativePanel.svelte`). The format is documented in `web/README.md`,
 * "Declarative mod panels".
 */

export type Cell = string | number | boolean | null;

export type PanelBlock =
  | { type: 'text'; text: string }
  | { type: 'stat'; label: string; value: string | number }
  | { type: 'table'; title?: string; columns: string[]; rows: Cell[][] }
  | { type: 'list'; title?: string; items: Array<string | number> }
  | { type: 'action'; label: string; method: 'POST'; route: string; confirm?: string; body?: Record<string, unknown> };

export interface Panel {
  blocks: PanelBlock[];
}

export const PANEL_LIMITS = {
  blocks: 100,
  text: 10_000,
  label: 200,
  columns: 20,
  rows: 500,
  items: 500,
  cell: 2_000,
} as const;

/** Where a slot's panel is read: `GET /api/mods/<id>/ui/<slot>`. */
export function panelPath(modId: string, slot: 'control' | 'archive'): string {
  return `/api/mods/${encodeURIComponent(modId)}/ui/${slot}`;
}

/** An action may only call the mod's own routes: `/api/mods/<id>` or below, plain path segments. */
export function actionRouteAllowed(modId: string, route: string): boolean {
  const prefix = `/api/mods/${modId}`;
  if (route !== prefix && !route.startsWith(`${prefix}/`)) return false;
  return route
    .slice(prefix.length)
    .split('/')
    .slice(1)
    .every((segment) => /^[A-Za-z0-9._~-]+$/.test(segment) && segment !== '.' && segment !== '..');
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The panel a mod answered, checked: `{ panel }`, or `{ problems }` naming each place that does
 * not follow the format (`blocks[2].rows[0][1]: …`). Unknown keys are ignored; nothing is ever
 * treated as markup.
 */
export function parsePanel(modId: string, raw: unknown): { panel: Panel; problems?: undefined } | { panel?: undefined; problems: string[] } {
  const problems: string[] = [];
  if (!isObject(raw) || !Array.isArray(raw.blocks)) return { problems: ['the answer is not an object with a "blocks" array'] };
  if (raw.blocks.length > PANEL_LIMITS.blocks) problems.push(`blocks: more than ${PANEL_LIMITS.blocks}`);

  const text = (at: string, value: unknown, max: number, optional = false): string | undefined => {
    if (value === undefined && optional) return undefined;
    if (typeof value !== 'string') problems.push(`${at}: must be a string`);
    else if (value.length > max) problems.push(`${at}: longer than ${max} characters`);
    else return value;
    return undefined;
  };
  const label = (at: string, value: unknown, optional = false) => {
    const checked = text(at, value, PANEL_LIMITS.label, optional);
    if (checked !== undefined && !checked.trim()) problems.push(`${at}: must not be empty`);
    return checked;
  };
  const cell = (at: string, value: unknown): value is Cell => {
    if (value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return true;
    if (typeof value === 'string' && value.length <= PANEL_LIMITS.cell) return true;
    problems.push(`${at}: must be a string (at most ${PANEL_LIMITS.cell} characters), a finite number, a boolean or null`);
    return false;
  };

  const blocks: PanelBlock[] = [];
  raw.blocks.slice(0, PANEL_LIMITS.blocks).forEach((block: unknown, index: number) => {
    const at = `blocks[${index}]`;
    if (!isObject(block)) {
      problems.push(`${at}: must be an object`);
      return;
    }
    const before = problems.length;
    switch (block.type) {
      case 'text': {
        const value = text(`${at}.text`, block.text, PANEL_LIMITS.text);
        if (problems.length === before) blocks.push({ type: 'text', text: value! });
        break;
      }
      case 'stat': {
        const name = label(`${at}.label`, block.label);
        const value = block.value;
        if (!(typeof value === 'number' && Number.isFinite(value)) && !(typeof value === 'string' && value.length <= PANEL_LIMITS.label)) {
          problems.push(`${at}.value: must be a finite number or a string of at most ${PANEL_LIMITS.label} characters`);
        }
        if (problems.length === before) blocks.push({ type: 'stat', label: name!, value: value as string | number });
        break;
      }
      case 'table': {
        const title = label(`${at}.title`, block.title, true);
        const columns = block.columns;
        const rows = block.rows;
        if (!Array.isArray(columns) || columns.length === 0 || columns.length > PANEL_LIMITS.columns) {
          problems.push(`${at}.columns: must be an array of 1 to ${PANEL_LIMITS.columns} strings`);
        } else {
          columns.forEach((column, i) => label(`${at}.columns[${i}]`, column));
        }
        if (!Array.isArray(rows) || rows.length > PANEL_LIMITS.rows) {
          problems.push(`${at}.rows: must be an array of at most ${PANEL_LIMITS.rows} rows`);
        } else if (Array.isArray(columns)) {
          rows.forEach((row, r) => {
            if (!Array.isArray(row) || row.length !== columns.length) {
              problems.push(`${at}.rows[${r}]: must be an array of ${columns.length} cells, one per column`);
              return;
            }
            row.forEach((value, c) => cell(`${at}.rows[${r}][${c}]`, value));
          });
        }
        if (problems.length === before) blocks.push({ type: 'table', ...(title !== undefined ? { title } : {}), columns: columns as string[], rows: rows as Cell[][] });
        break;
      }
      case 'list': {
        const title = label(`${at}.title`, block.title, true);
        const items = block.items;
        if (!Array.isArray(items) || items.length > PANEL_LIMITS.items) {
          problems.push(`${at}.items: must be an array of at most ${PANEL_LIMITS.items} strings or numbers`);
        } else {
          items.forEach((item, i) => {
            if (!(typeof item === 'number' && Number.isFinite(item)) && !(typeof item === 'string' && item.length <= PANEL_LIMITS.cell)) {
              problems.push(`${at}.items[${i}]: must be a string (at most ${PANEL_LIMITS.cell} characters) or a finite number`);
            }
          });
        }
        if (problems.length === before) blocks.push({ type: 'list', ...(title !== undefined ? { title } : {}), items: items as Array<string | number> });
        break;
      }
      case 'action': {
        const name = label(`${at}.label`, block.label);
        if (block.method !== 'POST') problems.push(`${at}.method: must be "POST"`);
        const route = text(`${at}.route`, block.route, 300);
        if (route !== undefined && !actionRouteAllowed(modId, route)) problems.push(`${at}.route: must be one of this mod's routes, /api/mods/${modId}/…`);
        const confirm = text(`${at}.confirm`, block.confirm, PANEL_LIMITS.text, true);
        if (block.body !== undefined && !isObject(block.body)) problems.push(`${at}.body: must be an object`);
        if (problems.length === before) {
          blocks.push({
            type: 'action',
            label: name!,
            method: 'POST',
            route: route!,
            ...(confirm !== undefined ? { confirm } : {}),
            ...(block.body !== undefined ? { body: block.body as Record<string, unknown> } : {}),
          });
        }
        break;
      }
      default:
        problems.push(`${at}.type: must be text, stat, table, list or action`);
    }
  });
  return problems.length ? { problems } : { panel: { blocks } };
}

/** Blocks in order, with each run of stats side by side. */
export type PanelGroup = { kind: 'stats'; stats: Array<Extract<PanelBlock, { type: 'stat' }>> } | { kind: 'block'; block: Exclude<PanelBlock, { type: 'stat' }> };

export function groupBlocks(blocks: readonly PanelBlock[]): PanelGroup[] {
  const groups: PanelGroup[] = [];
  for (const block of blocks) {
    const last = groups.at(-1);
    if (block.type === 'stat') {
      if (last?.kind === 'stats') last.stats.push(block);
      else groups.push({ kind: 'stats', stats: [block] });
    } else {
      groups.push({ kind: 'block', block });
    }
  }
  return groups;
}

export function cellText(value: Cell): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}
