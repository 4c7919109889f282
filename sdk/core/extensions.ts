/**
 * `core.extensions`: the mod's extension facade: tap other mods' hook points, read and call its own points.
 */
import type { ExtensionsService } from '../extensions.js';
import { createServiceRef } from '../service-ref.js';

/** The mod's extension facade: tap other mods' hook points, read and call its own points. @public */
export const extensionsServiceRef = createServiceRef<ExtensionsService>({ id: 'core.extensions', scope: 'mod' });
