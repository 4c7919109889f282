/**
 * The browser suites' global setup: the server data-dir template (see `server-template.ts`),
 * unless the run's main setup (`global-setup.ts`) already made it.
 */
import { makeServerTemplate } from './server-template.js';

export default async function setup() {
  if (process.env.SVC_TEST_SERVER_TEMPLATE) return undefined;
  return makeServerTemplate();
}
