/**
 * Who this browser is signed in as (`GET /api/auth/session`), shared by the shell's header and
 * the sign-in settings (which reload it after a save), and signing out (`POST /auth/logout`).
 */
import { api, describeFailure, type AuthSession } from './api';
import { resource } from './resource.svelte';

export const authSession = resource(api.authSession);

/** Modes where the browser holds a session this console can end; a trusted proxy keeps its own. */
export const canSignOut = (session: AuthSession | undefined): boolean => session?.authenticated === true && (session.via === 'basic' || session.via === 'oidc');

/** What the header says about the session; undefined when there is nothing to say. */
export function sessionLabel(session: AuthSession | undefined): string | undefined {
  if (!session) return undefined;
  if (session.mode === 'none') return 'No sign-in (local mode)';
  if (session.authenticated && session.user) return session.user;
  return 'Not signed in';
}

export const VIA: Record<NonNullable<AuthSession['via']>, string> = {
  basic: 'username and password',
  oidc: 'OpenID Connect',
  'trusted-proxy': 'a trusted proxy',
  token: 'an API token',
};

/**
 * Ends the session, then reloads the page: the server asks for the password again (Basic; the
 * browser forgets the one it kept) or sends the browser to the provider (OIDC). The failure's
 * words when the server did not answer.
 */
export async function signOut(): Promise<string | undefined> {
  const result = await api.signOut();
  if (!result.ok) return describeFailure(result);
  window.location.reload();
  return undefined;
}
