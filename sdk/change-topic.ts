/**
 * The shape of a change notice's topic and key, shared by the kernel's change bus and the test
 * kit's fake of it, so a mod whose tests pass on the fake publishes nothing the real bus refuses.
 */
const TOPIC = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9][a-z0-9_-]*)+$/i;
const MAX_TOPIC = 200;
const MAX_KEY = 200;

/** Throws for a topic that is not `<owner>.<name>` or a key over 200 characters (a programming error of the caller). @public */
export function checkChangeTopic(topic: string, key?: string): void {
  if (topic.length > MAX_TOPIC || !TOPIC.test(topic)) throw new Error(`change topic ${JSON.stringify(topic)} must be <owner>.<name> of letters, digits, '-' and '_'`);
  if (key !== undefined && (typeof key !== 'string' || key.length > MAX_KEY)) throw new Error(`change key must be a string of at most ${MAX_KEY} characters`);
}
