/**
 * The local coding CLI's stored credential (provider-a's CLI keeps it in
 * `~/.claude/.credentials.json`): read, checked, and described without its secrets.
 *
 * Accepted shapes: `{"claudeAiOauth": {accessToken, refreshToken?, expiresAt?, scopes?,
 * subscriptionType?}}` (what the CLI writes; `expiresAt` in epoch milliseconds) or the same
 * fields at the top level. Reasons never quote the file's content.
 */
import { open } from 'node:fs/promises';
import type { TokenSet } from './token-endpoint.js';
import { isRecord } from './upstream.js';

/** Larger files are not credential files. */
export const MAX_CLI_CREDENTIAL_BYTES = 64 * 1024;
const MAX_TOKEN_LENGTH = 16_384;

export type CliCredentialRead = { status: 'missing'; path: string } | { status: 'invalid'; path: string; reason: string } | { status: 'valid'; path: string; tokens: TokenSet };

/** The status the API reports (no token). */
export interface CliCredentialStatus {
  path: string;
  status: 'missing' | 'invalid' | 'valid' | 'expired';
  reason?: string;
  expiresAt?: string | null;
  hasRefreshToken?: boolean;
  scopes?: string[];
  subscriptionType?: string | null;
}

export async function readCliCredential(path: string): Promise<CliCredentialRead> {
  let text: string;
  try {
    const handle = await open(path, 'r');
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return { status: 'invalid', path, reason: 'the path is not a regular file' };
      if (stat.size > MAX_CLI_CREDENTIAL_BYTES) return { status: 'invalid', path, reason: `the file is larger than ${MAX_CLI_CREDENTIAL_BYTES} bytes` };
      const buffer = Buffer.alloc(MAX_CLI_CREDENTIAL_BYTES + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (bytesRead > MAX_CLI_CREDENTIAL_BYTES) return { status: 'invalid', path, reason: `the file is larger than ${MAX_CLI_CREDENTIAL_BYTES} bytes` };
      text = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { status: 'missing', path };
    if (code === 'EISDIR') return { status: 'invalid', path, reason: 'the path is not a regular file' };
    return { status: 'invalid', path, reason: `the file cannot be read${code && /^[A-Z]{2,12}$/.test(code) ? ` (${code})` : ''}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status: 'invalid', path, reason: 'the file is not JSON' };
  }
  if (!isRecord(parsed)) return { status: 'invalid', path, reason: 'the file is not a JSON object' };
  const oauth = isRecord(parsed.claudeAiOauth) ? parsed.claudeAiOauth : parsed;
  const { accessToken, refreshToken, expiresAt, scopes, subscriptionType } = oauth;
  if (typeof accessToken !== 'string' || accessToken.trim() === '') return { status: 'invalid', path, reason: 'it holds no accessToken' };
  if (accessToken.length > MAX_TOKEN_LENGTH || /\s/.test(accessToken)) return { status: 'invalid', path, reason: 'its accessToken is malformed' };
  if (refreshToken !== undefined && refreshToken !== null && (typeof refreshToken !== 'string' || refreshToken.length > MAX_TOKEN_LENGTH || /\s/.test(refreshToken))) {
    return { status: 'invalid', path, reason: 'its refreshToken is malformed' };
  }
  if (expiresAt !== undefined && expiresAt !== null && (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt) || expiresAt <= 0 || expiresAt > 8.64e15)) {
    return { status: 'invalid', path, reason: 'its expiresAt is not a time in epoch milliseconds' };
  }
  if (scopes !== undefined && scopes !== null && (!Array.isArray(scopes) || scopes.length > 50 || !scopes.every((s) => typeof s === 'string' && s.length <= 200))) {
    return { status: 'invalid', path, reason: 'its scopes are not a list of strings' };
  }
  const subscription = typeof subscriptionType === 'string' && subscriptionType.length <= 64 ? subscriptionType : undefined;
  return {
    status: 'valid',
    path,
    tokens: {
      accessToken,
      ...(typeof refreshToken === 'string' && refreshToken !== '' ? { refreshToken } : {}),
      ...(typeof expiresAt === 'number' ? { expiresAt: new Date(expiresAt) } : {}),
      ...(Array.isArray(scopes) ? { scopes: scopes as string[] } : {}),
      account: subscription ? { subscriptionType: subscription } : {},
    },
  };
}

/** What `GET …/cli-credential` reports: facts about the file, never its tokens. */
export function describeCliCredential(read: CliCredentialRead, now: Date): CliCredentialStatus {
  if (read.status !== 'valid') return { path: read.path, status: read.status, ...(read.status === 'invalid' ? { reason: read.reason } : {}) };
  const { tokens } = read;
  const expired = tokens.expiresAt !== undefined && tokens.expiresAt.getTime() <= now.getTime();
  return {
    path: read.path,
    // Expired and not refreshable: importing it would give a connection nothing to use.
    status: expired && !tokens.refreshToken ? 'expired' : 'valid',
    expiresAt: tokens.expiresAt?.toISOString() ?? null,
    hasRefreshToken: tokens.refreshToken !== undefined,
    scopes: tokens.scopes ?? [],
    subscriptionType: tokens.account.subscriptionType ?? null,
  };
}
