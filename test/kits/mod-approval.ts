/**
 * The operator's approval of an installed mod's permissions, as the Mods page gives it: read the
 * review, approve the digest it shows (optionally with private-host grants), then enable.
 */
import type { TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';

/** Approves what `modId` asks for now; answers the approval route's response (the review, for trusted mods, which need none). */
export async function approvePermissions(t: TestKernel, modId: string, privateHosts?: string[]) {
  const review = await t.request(`/api/mod-management/${modId}/permissions`);
  if (review.status !== 200 || review.body.required === false) return review;
  return t.request(json('POST', `/api/mod-management/${modId}/permissions`, { digest: review.body.digest, ...(privateHosts ? { privateHosts } : {}) }));
}

/** Approves, then enables (the answer is the enable route's, or the approval's when that was refused). */
export const approveAndEnable = (t: TestKernel, modId: string, privateHosts?: string[]) => t.approveAndEnable(modId, { privateHosts });
