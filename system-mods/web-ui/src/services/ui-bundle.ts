/**
 * The built UI as files on disk (`web/dist`, written by `npm run build:web`). Only names listed
 * in `assets/` when the bundle was read are ever opened, so a request can name nothing else.
 * The listing is read again when `index.html` changes, so a rebuild is picked up without a
 * restart; file bodies are cached because a build never rewrites a hashed name.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface UiAsset {
  body: Buffer;
  contentType: string;
}

interface LoadedBundle {
  indexMtimeMs: number;
  page: Buffer;
  assets: ReadonlySet<string>;
  bodies: Map<string, Buffer>;
}

export class UiBundle {
  private readonly indexFile: string;
  private readonly assetsDir: string;
  private loaded: LoadedBundle | undefined;

  constructor(readonly distDir: string) {
    this.indexFile = path.join(distDir, 'index.html');
    this.assetsDir = path.join(distDir, 'assets');
  }

  /** The built page, or undefined while the UI is not built. */
  async page(): Promise<Buffer | undefined> {
    return (await this.current())?.page;
  }

  /** A listed asset, or undefined for any name the build did not produce. */
  async asset(file: string): Promise<UiAsset | undefined> {
    const bundle = await this.current();
    if (!bundle?.assets.has(file)) return undefined;
    let body = bundle.bodies.get(file);
    if (!body) {
      try {
        body = await readFile(path.join(this.assetsDir, file));
      } catch {
        return undefined; // removed since the listing (a rebuild in progress)
      }
      bundle.bodies.set(file, body);
    }
    return { body, contentType: contentTypeFor(file) };
  }

  private async current(): Promise<LoadedBundle | undefined> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(this.indexFile)).mtimeMs;
    } catch {
      this.loaded = undefined;
      return undefined;
    }
    if (this.loaded?.indexMtimeMs === mtimeMs) return this.loaded;
    const [page, entries] = await Promise.all([readFile(this.indexFile), readdir(this.assetsDir, { withFileTypes: true }).catch(() => [])]);
    this.loaded = {
      indexMtimeMs: mtimeMs,
      page,
      assets: new Set(entries.filter((e) => e.isFile()).map((e) => e.name)),
      bodies: new Map(),
    };
    return this.loaded;
  }
}
