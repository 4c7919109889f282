/** Bounds of Forge requests and artifacts (documented in system-mods/forge/README.md). */

export const MAX_PROMPT = 32_000;
export const MAX_IDEMPOTENCY_KEY = 200;
export const MAX_CONNECTION_ID = 200;
export const MAX_MODEL_ID = 200;
export const MAX_PAGE = 200;
/** Default bound of one artifact (the `maxArtifactBytes` setting); a larger provider answer fails the job. */
export const DEFAULT_MAX_ARTIFACT_BYTES = 25 * 1024 * 1024;
/** Artifacts one job keeps at most. */
export const MAX_ARTIFACTS_PER_JOB = 4;
/** errorDetails.message is cut here. */
export const MAX_ERROR_MESSAGE = 500;
