/**
 * Which release's code this process has in `<dataDir>/mods` (mod id → content hash), kept in
 * `<dataDir>/mods-placed.json` beside it. Each process has its own data dir; the install record
 * in the database says what every process should have, this file what this one has, so a
 * process that was down (or missed a notice) while another installed or updated a mod knows
 * its code is not the recorded one.
 */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class PlacedReleases {
  private readonly file: string;
  private hashes = new Map<string, string>();

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'mods-placed.json');
  }

  async read(): Promise<void> {
    if (!existsSync(this.file)) return;
    try {
      this.hashes = new Map(Object.entries(JSON.parse(await readFile(this.file, 'utf8')) as Record<string, string>));
    } catch {
      // Unreadable: every recorded mod is checked against its record as if unknown.
      this.hashes = new Map();
    }
  }

  get(modId: string): string | undefined {
    return this.hashes.get(modId);
  }

  async set(modId: string, contentHash: string | undefined): Promise<void> {
    if (contentHash === undefined) this.hashes.delete(modId);
    else this.hashes.set(modId, contentHash);
    // Written whole and renamed in: a crash leaves the old file or the new one, never half of one.
    const temp = `${this.file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(Object.fromEntries(this.hashes)), { mode: 0o600 });
    await rename(temp, this.file);
  }
}
