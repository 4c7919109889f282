/**
 * Which Git URLs an operator may add as a mod source. The URL ends up as an argument of a `git`
 * process, so anything a shell, Git's transport helpers or its option parser could read as more
 * than a location is refused before Git ever sees it.
 */
import { errors } from '../../errors.js';

export type SourceTransport = 'https' | 'ssh' | 'file';

export interface SourceUrl {
  /** The URL as Git receives it. */
  url: string;
  /** Two spellings of one repository compare equal under this key (`409 mod_source_exists`). */
  key: string;
  transport: SourceTransport;
  /** Host name (none for file sources), for the egress check before Git connects. */
  host?: string;
}

export const SOURCE_URL_MAX_LENGTH = 2048;

/**
 * Shell metacharacters, quotes, backslashes, whitespace and control characters. None is needed
 * in a repository location, and each has tricked a tool that passed URLs on (CVE-2017-1000117).
 */
const FORBIDDEN = /[\s\u0000-\u001f\u007f;&|$`'"<>\\(){}*!?#^~[\]]/;
/** `user@host:path`, the scp-like syntax; the user part is optional. */
const SCP_LIKE = /^(?:([A-Za-z0-9._-]+)@)?([A-Za-z0-9.-]+):(?!\/\/)([A-Za-z0-9._\-/]+)$/;
const HOST = /^[A-Za-z0-9.-]+$/;
const PATH = /^\/[A-Za-z0-9._\-/%@+=,:]*$/;
const USER = /^[A-Za-z0-9._-]+$/;

const refuse = (reason: string) => errors.modSourceUrlInvalid({ reason });

export function parseSourceUrl(raw: string, options: { allowFile: boolean }): SourceUrl {
  if (typeof raw !== 'string' || raw.length === 0) throw refuse('empty');
  if (raw.length > SOURCE_URL_MAX_LENGTH) throw refuse(`longer than ${SOURCE_URL_MAX_LENGTH} characters`);
  if (FORBIDDEN.test(raw)) throw refuse('it contains whitespace, a control character or a shell metacharacter');
  // Git would read a leading dash as an option of its own.
  if (raw.startsWith('-')) throw refuse('it starts with "-"');
  // `ext::` runs a command and `fd::` reads a file descriptor: transports, not locations.
  if (/^[A-Za-z0-9+.-]*::/.test(raw)) throw refuse('remote helper transports (ext::, fd::, …) are not accepted');

  const scp = SCP_LIKE.exec(raw);
  if (scp && !raw.includes('://')) {
    const [, user, host, repoPath] = scp;
    if (!HOST.test(host!) || host!.startsWith('-') || host!.startsWith('.')) throw refuse('the host is not a host name');
    if (repoPath!.startsWith('-') || repoPath!.split('/').includes('..')) throw refuse('the path is not accepted');
    return {
      url: raw,
      key: `ssh://${user ? `${user}@` : ''}${host!.toLowerCase()}/${trimRepoPath(repoPath!)}`,
      transport: 'ssh',
      host: host!.toLowerCase(),
    };
  }

  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw refuse('not https://host/path, ssh://[user@]host[:port]/path or user@host:path');
  }
  // WHATWG parsing normalises some spellings away: check the text itself as well.
  if (parsed.search !== '' || parsed.hash !== '' || raw.includes('?')) throw refuse('a query or fragment is not accepted');
  const protocol = parsed.protocol;
  if (protocol === 'file:') {
    if (!options.allowFile) throw refuse('file:// sources are accepted only with SVC_MODS_ALLOW_FILE_SOURCES=true');
    if (parsed.host !== '' || parsed.username || parsed.password) throw refuse('a file:// URL names a local path only (file:///path)');
    if (!PATH.test(parsed.pathname) || escapesUp(parsed.pathname)) throw refuse('the path is not accepted');
    return { url: `file://${parsed.pathname}`, key: `file://${trimRepoPath(parsed.pathname)}`, transport: 'file' };
  }
  if (protocol !== 'https:' && protocol !== 'ssh:') {
    throw refuse(`scheme ${protocol.replace(/:$/, '')} is not accepted (https, ssh${options.allowFile ? ', file' : ''})`);
  }
  if (parsed.password !== '' || /^[a-z]+:\/\/[^/@]*:[^/@]*@/i.test(raw)) throw refuse('a password in the URL is not accepted');
  if (protocol === 'https:' && parsed.username !== '') throw refuse('https URLs carry no user name; use a credential helper');
  if (parsed.username !== '' && !USER.test(parsed.username)) throw refuse('the user name is not accepted');
  if (parsed.hostname === '' || !HOST.test(parsed.hostname) || parsed.hostname.startsWith('-') || parsed.hostname.startsWith('.')) {
    throw refuse('the host is not a host name');
  }
  if (parsed.pathname === '/' || !PATH.test(parsed.pathname)) throw refuse('the URL names no repository path');
  if (escapesUp(parsed.pathname)) throw refuse('the path is not accepted');
  const defaultPort = protocol === 'https:' ? '443' : '22';
  const port = parsed.port === '' || parsed.port === defaultPort ? '' : `:${parsed.port}`;
  const host = parsed.hostname.toLowerCase();
  const user = parsed.username ? `${parsed.username}@` : '';
  const scheme = protocol.slice(0, -1);
  return {
    url: `${scheme}://${user}${parsed.host}${parsed.pathname}`,
    key: `${scheme}://${user}${host}${port}/${trimRepoPath(parsed.pathname)}`,
    transport: scheme as SourceTransport,
    host,
  };
}

/** A `..` segment in any spelling (or an escape that does not decode). */
function escapesUp(pathname: string): boolean {
  try {
    return decodeURIComponent(pathname).split('/').includes('..');
  } catch {
    return true;
  }
}

/** `/Owner/Repo.git/` and `owner/repo` name one repository on the hosts people use. */
function trimRepoPath(repoPath: string): string {
  return repoPath
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .replace(/\/+/g, '/');
}

/** A URL safe to show or log: any user information removed. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/)[^/@]*@/i, '$1');
}
