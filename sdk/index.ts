/**
 * The svc SDK: the only package a mod imports. This entry is the contract a mod codes against:
 * `defineMod`, service refs, the manifest and request types, and the error mechanism. It
 * contains no kernel code and no feature. Reusable implementations a mod may use live in
 * `sdk/helpers/` (the model provider adapter kit in `sdk/helpers/providers/`), the test kit in
 * `sdk/testing/`.
 *
 * @packageDocumentation
 */
export * from './errors.js';
export * from './disposable.js';
export * from './service-ref.js';
export * from './manifest.js';
export * from './http.js';
export * from './hooks.js';
export * from './extensions.js';
export * from './unit-of-work.js';
export * from './core/index.js';
export * from './define-mod.js';
export * from './validation.js';
