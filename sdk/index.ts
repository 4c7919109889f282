/**
 * The svc SDK: the only package a mod imports. It holds `defineMod`, service refs, the
 * manifest and request types, and the error mechanism. It contains no kernel code.
 *
 * @packageDocumentation
 */
export * from './errors.js';
export * from './disposable.js';
export * from './abort.js';
export * from './read-cache.js';
export * from './ticker.js';
export * from './liveness.js';
export * from './service-ref.js';
export * from './manifest.js';
export * from './http.js';
export * from './hooks.js';
export * from './extensions.js';
export * from './unit-of-work.js';
export * from './core/index.js';
export * from './define-mod.js';
export * from './validation.js';
export * from './services/model-catalog.js';
export * from './services/model-providers.js';
export * from './services/model-gateway.js';
