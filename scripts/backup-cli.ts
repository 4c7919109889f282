/** Argument parsing shared by `npm run backup` and `npm run restore`. */
import path from 'node:path';

export const PG_README_POINTER = 'Use pg_dump / pg_restore as docs/operating.md, "Backup and restore", describes, and keep the settings key yourself.';

export interface CliArgs {
  file?: string;
  dataDir?: string;
  flags: Set<string>;
}

/** `<file> [--data-dir <dir>] [--flag…]`; an unknown option stops the command with its name. */
export function parseCliArgs(argv: string[], allowedFlags: string[]): CliArgs {
  const args: CliArgs = { flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data-dir') {
      const value = argv[++i];
      if (!value) throw new Error('--data-dir needs a folder');
      args.dataDir = value;
    } else if (arg.startsWith('--data-dir=')) {
      args.dataDir = arg.slice('--data-dir='.length);
    } else if (arg.startsWith('--') && allowedFlags.includes(arg.slice(2))) {
      args.flags.add(arg.slice(2));
    } else if (arg.startsWith('--')) {
      throw new Error(`unknown option ${arg}`);
    } else if (args.file === undefined) {
      args.file = arg;
    } else {
      throw new Error(`unexpected argument ${arg}`);
    }
  }
  return args;
}

/**
 * `npm run` runs a script from the project root; paths the operator typed are meant relative to
 * the folder they typed them in, which npm passes as INIT_CWD.
 */
export function operatorPath(value: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
}
