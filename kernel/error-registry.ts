/**
 * The kernel's one error registry: every code the service can answer with, by owner. The
 * kernel's catalogue and the SDK's shared ones are registered at boot; a mod's catalogues when
 * the mod is loaded, dropped when it is uninstalled. `/api/openapi.json` lists `entries()`.
 */
import type { CatalogEntries, ErrorDefinition } from '../sdk/errors.js';
import { errors } from './errors.js';

/** The owner of the kernel's catalogue and of the SDK's shared ones. */
export const KERNEL_ERRORS_OWNER = 'kernel';

export class ErrorRegistry {
  /** owner → (code → definition). */
  private readonly owners = new Map<string, Map<string, ErrorDefinition>>();

  /**
   * Adds `owner`'s catalogues. One code, one meaning: a code already catalogued by another
   * owner (or twice by this one) may repeat only with the same status and message; otherwise
   * nothing of `owner` is registered and `mod_error_code_conflict` names the code.
   */
  register(owner: string, catalogs: readonly CatalogEntries[]): void {
    const mine = new Map<string, ErrorDefinition>();
    for (const catalog of catalogs) {
      for (const [code, def] of Object.entries(catalog.entries)) {
        const known = mine.get(code);
        if (known && !sameMeaning(known, def)) throw conflict(owner, code, def, owner);
        mine.set(code, def);
      }
    }
    for (const [other, entries] of this.owners) {
      if (other === owner) continue;
      for (const [code, def] of mine) {
        const known = entries.get(code);
        if (known && !sameMeaning(known, def)) throw conflict(owner, code, def, other);
      }
    }
    this.owners.set(owner, mine);
  }

  /** Drops `owner`'s codes (a code another owner also catalogues stays listed). */
  unregister(owner: string): void {
    this.owners.delete(owner);
  }

  /** Every catalogued code with its definition. */
  entries(): Record<string, ErrorDefinition> {
    const all: Record<string, ErrorDefinition> = {};
    for (const entries of this.owners.values()) for (const [code, def] of entries) all[code] ??= def;
    return all;
  }
}

const sameMeaning = (a: ErrorDefinition, b: ErrorDefinition): boolean => a.status === b.status && a.message === b.message;

const conflict = (owner: string, code: string, def: ErrorDefinition, other: string) => errors.modErrorCodeConflict({ modId: owner, code, status: def.status, owner: other });
