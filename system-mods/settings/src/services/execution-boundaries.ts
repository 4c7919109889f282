/**
 * Execution boundaries: which commands svc may start for agent tools and for how long. Only
 * what is enforced is stored (a workspace-roots list and a shell-tools switch were removed: no
 * tool used them). This mod stores them and provides them to the places that start processes
 * (`settings.execution-boundaries`): the MCP mod checks a stdio server's command line against
 * the blocked patterns when the connection is saved and each time the server is started, and
 * bounds each use of a stdio server by `maxCommandSeconds`.
 */
import type { Knex } from 'knex';
import { commandLineOf, type CommandRefusal, type ExecutionBoundaries, type ExecutionBoundariesService } from '../contract.js';
import { settingsErrors as errors } from '../errors.js';
import type { SettingsDocuments } from './settings-documents.js';

export type { ExecutionBoundaries };

/**
 * A small safety net, not a sandbox: recursive deletion of `/`, making file systems,
 * stopping the machine, the classic fork bomb, and raw writes to block devices.
 */
export const DEFAULT_BLOCKED_COMMAND_PATTERNS: readonly string[] = Object.freeze([
  String.raw`\brm\s+(?:-[a-zA-Z]*\s+)*-[a-zA-Z]*[rR][a-zA-Z]*\s+(?:--no-preserve-root\s+)?/(?:\*|\s|$)`,
  String.raw`\bmkfs(?:\.[a-z0-9]+)?\b`,
  String.raw`(?:^|[;&|(]\s*|\bsudo\s+)(?:shutdown|reboot|poweroff|halt)\b`,
  String.raw`:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:`,
  String.raw`\bdd\b[^;&|]*\bof=/dev/(?:sd|hd|vd|xvd|nvme|mmcblk|disk)`,
]);

/** Fresh defaults each call, so no caller can mutate a shared list. */
export function executionBoundaryDefaults(): ExecutionBoundaries {
  return {
    blockedCommandPatterns: [...DEFAULT_BLOCKED_COMMAND_PATTERNS],
    maxCommandSeconds: 120,
  };
}

/** How enforcers compile a stored pattern: no flags, tested against the whole command line. */
export function compileBlockedCommandPattern(pattern: string): RegExp {
  return new RegExp(pattern);
}

/** Only the fields that exist now: a document saved by an older version may hold removed ones. */
function known(b: ExecutionBoundaries): ExecutionBoundaries {
  return { blockedCommandPatterns: b.blockedCommandPatterns, maxCommandSeconds: b.maxCommandSeconds };
}

function checkPatterns(patterns: string[]): string[] {
  patterns.forEach((pattern, index) => {
    try {
      compileBlockedCommandPattern(pattern);
    } catch (error) {
      throw errors.settingsCommandPatternInvalid({ index, reason: (error as Error).message.slice(0, 200) }, { details: { field: 'blockedCommandPatterns', index } });
    }
  });
  return patterns;
}

export class ExecutionBoundariesStore {
  constructor(private readonly documents: SettingsDocuments) {}

  async get(trx?: Knex.Transaction): Promise<ExecutionBoundaries> {
    return known({ ...executionBoundaryDefaults(), ...(await this.documents.read<Partial<ExecutionBoundaries>>('execution-boundaries', trx)) });
  }

  /** The first blocked pattern matching the command line, read fresh (a change applies to the next check). */
  async commandRefusal(command: string, args: readonly string[]): Promise<CommandRefusal | undefined> {
    const commandLine = commandLineOf(command, args);
    const { blockedCommandPatterns } = await this.get();
    const patternIndex = blockedCommandPatterns.findIndex((pattern) => compileBlockedCommandPattern(pattern).test(commandLine));
    return patternIndex < 0 ? undefined : { patternIndex, commandLine };
  }

  /** What other mods receive (`settings.execution-boundaries`). */
  service(): ExecutionBoundariesService {
    return { get: () => this.get(), commandRefusal: (command, args) => this.commandRefusal(command, args) };
  }

  /** Applies `patch` (shape already checked by the route schema); lists replace the saved list, omitted fields keep theirs. */
  async update(patch: Partial<ExecutionBoundaries>, trx?: Knex.Transaction): Promise<ExecutionBoundaries> {
    const change = { ...patch };
    if (change.blockedCommandPatterns !== undefined) change.blockedCommandPatterns = checkPatterns(change.blockedCommandPatterns);
    return this.documents.transaction(trx, async (tx) => {
      const saved = await this.documents.readForUpdate<Partial<ExecutionBoundaries>>('execution-boundaries', tx);
      return this.documents.write('execution-boundaries', known({ ...executionBoundaryDefaults(), ...saved, ...change }), tx);
    });
  }
}
