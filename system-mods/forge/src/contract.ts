/**
 * The Forge mod's contract for media provider mods: the `forge.media-providers` extension point
 * and the adapter type contributed to it. A provider mod declares, as data in its manifest, the
 * modes and models each adapter serves and the connection API types it talks to; it provides the
 * adapter object at run time:
 *
 * ```jsonc
 * "uses": { "extensionPoints": ["forge.media-providers"] },
 * "contributes": { "extensions": { "forge.media-providers": [
 *   { "id": "openai-images", "name": "OpenAI-style images", "apiTypes": ["openai-chat"],
 *     "modes": [{ "mode": "image", "models": ["gpt-image-1", "dall-e-3"] }] }
 * ] } }
 * ```
 * ```ts
 * extensions.provide(mediaProviderPoint, new MyImageAdapter());
 * ```
 *
 * Forge uses an adapter only when the same mod declared its id; the first mod to declare an id
 * serves it. A consumer imports only this file of this mod.
 */
import { createListPointRef } from '../../../sdk/index.js';
import type { ProviderConnection } from '../../model-connections/src/contract.js';

/** What Forge generates. */
export type ForgeMode = 'image' | 'video' | 'speech' | 'music';

export const FORGE_MODES: readonly ForgeMode[] = Object.freeze(['image', 'video', 'speech', 'music']);

/** One mode an adapter serves, and the model ids it serves it with. */
export interface MediaModeDeclaration {
  mode: ForgeMode;
  /**
   * Model ids; a connection's enabled model is eligible when its id is one of them, or ends with
   * `/<id>` (a router's `vendor/model` name). Empty: the mode is served by capability only (a
   * model whose effective output is what the mode makes).
   */
  models: string[];
}

/** What a provider mod's manifest declares per adapter (validated at boot and enable). */
export interface MediaProviderDeclaration {
  id: string;
  name: string;
  /** The model connection API types (`apiType`) whose base URL and credential the adapter talks to. */
  apiTypes: string[];
  modes: MediaModeDeclaration[];
}

/** One generation, as Forge asks an adapter for it. */
export interface MediaGenerationRequest {
  mode: ForgeMode;
  model: string;
  prompt: string;
  /** The largest artifact Forge keeps, in bytes: an adapter refuses a larger answer instead of buffering it. */
  maxBytes: number;
  /** Aborted when the job's attempt expires or the worker stops. */
  signal: AbortSignal;
  /** Reports the provider's progress (0–100) of a long generation; Forge shows it on the job. */
  progress?: (percent: number) => void;
}

/** One generated file. Forge chooses the content type it serves from the bytes themselves. */
export interface MediaArtifactOutput {
  bytes: Uint8Array;
  /** What the provider said it is (informational; never served as is). */
  declaredType?: string;
}

/**
 * A media provider, provided at run time by the mod that declares its id. `generate` rejects
 * with an `UpstreamError` (`sdk/helpers/providers/upstream-error`) whose message names no credential;
 * its `code` and `status` decide whether Forge retries (rate limits, timeouts, unreachable,
 * 5xx) or fails the job.
 */
export interface MediaProviderAdapter {
  id: string;
  generate(connection: ProviderConnection, request: MediaGenerationRequest): Promise<{ artifacts: MediaArtifactOutput[] }>;
}

/**
 * The point: manifest items are {@link MediaProviderDeclaration}s, run-time items are
 * {@link MediaProviderAdapter}s (told apart by the contribution's `source`).
 */
export const mediaProviderPoint = createListPointRef<MediaProviderDeclaration | MediaProviderAdapter>('forge.media-providers');
