/** The export mod's routes as its views use them (hand-kept: the bundle download is not JSON). */
import { call, type ApiResult } from '@ui/lib/api';

export type ConflictPolicy = 'skip' | 'replace' | 'rename';

export interface ExportCategoryInfo {
  id: string;
  title: string;
  description: string;
  dependsOn: string[];
  modId: string;
}

export interface CategoryChange {
  id: string;
  label?: string;
  action: 'create' | 'update' | 'unchanged' | 'skip' | 'rename';
  newId?: string;
}

export interface CategoryPreview {
  id: string;
  title: string;
  items: number;
  summary: Record<CategoryChange['action'], number>;
  changes: CategoryChange[];
  conflicts: Array<{ id: string; label?: string; reason: string }>;
  missingSecrets: string[];
}

export interface ImportPreview {
  bundle: { createdAt: string; runtime: { name: string; version: string }; secretsIncluded: boolean; secretsOpened: boolean };
  conflictPolicy: ConflictPolicy;
  categories: CategoryPreview[];
  unknownCategories: Array<{ id: string; title: string; items: number }>;
}

export interface CategoryReport {
  created: string[];
  updated: string[];
  unchanged: string[];
  skipped: string[];
  renamed: Array<{ from: string; to: string }>;
}

export interface ImportResult {
  ok: true;
  complete: boolean;
  applied: Array<{ id: string; title: string; report: CategoryReport; missingSecrets: string[] }>;
  failed: { id: string; code: string; message: string } | null;
  skipped: Array<{ id: string; reason: 'unknown_category' | 'not_selected' | 'not_attempted' }>;
}

export interface ImportInput {
  bundle: string;
  password?: string;
  conflictPolicy: ConflictPolicy;
}

export const MIN_PASSWORD = 12;

export const exportApi = {
  catalog: () => call<{ ok: true; categories: ExportCategoryInfo[] }>('GET', '/api/export/catalog'),
  preview: (input: ImportInput) => call<{ ok: true; preview: ImportPreview }>('POST', '/api/export/import/preview', input),
  apply: (input: ImportInput) => call<ImportResult>('POST', '/api/export/import', { ...input, confirm: true }),

  /** Downloads the bundle as a file (the answer is the file, not JSON). */
  async download(input: { categories: string[]; password?: string }): Promise<ApiResult<{ filename: string; bytes: number }>> {
    let response: Response;
    try {
      response = await fetch('/api/export', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
    } catch (error) {
      return { ok: false, status: 0, error: 'network_error', message: error instanceof Error ? error.message : String(error) };
    }
    if (!response.ok) {
      const failure = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
      return { ok: false, status: response.status, error: failure.error ?? `http_${response.status}`, message: failure.message ?? response.statusText };
    }
    const blob = await response.blob();
    const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'svc-export.json';
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return { ok: true, status: 200, data: { filename, bytes: blob.size } };
  },
};
