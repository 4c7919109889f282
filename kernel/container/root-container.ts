/**
 * The root awilix container: kernel singletons registered under their service ref ids.
 * Strict mode refuses a singleton that would capture a mod-scoped service.
 */
import { asValue, createContainer, InjectionMode, type AwilixContainer } from 'awilix';

export function createRootContainer(values: Record<string, unknown>): AwilixContainer {
  const container = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
  container.register(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, asValue(value)])));
  return container;
}
