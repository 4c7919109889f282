/**
 * What a model id alone says about the model's kind, for models nothing else describes (a
 * self-hosted embedding model, an image model the catalog does not list). It is the last layer
 * of the effective capabilities: the operator's override, the provider's list and the catalog
 * all win over it (see `toModelView` in models.ts).
 *
 * The rules, on the lower-cased id (an aggregator's `vendor/` prefix and an Ollama `:tag` are
 * part of the id and do not matter):
 * - `rerank` anywhere → input text, output `rerank` (checked first: `bge-reranker-v2-m3`);
 * - `embed` anywhere (`text-embedding-3-small`, `nomic-embed-text`, `mxbai-embed-large`), or a
 *   known embedding family at the start of a name part (`bge-`, `gte-`, `e5-`, `multilingual-e5`,
 *   `all-minilm`, `all-mpnet`) → input text, output `embedding`;
 * - a known image-generation family (`dall-e`, `gpt-image`, `imagen`, `flux`, `stable-diffusion`,
 *   `sdxl`, `sd3`, `recraft`, `ideogram`, `kandinsky`, `playground-v`) → input text, output `image`;
 * - a speech model (`tts-`, `-tts`) → input text, output `audio`; a transcription model
 *   (`whisper`, `transcribe`) → input `audio`, output `text`.
 * Anything else says nothing (undefined): the model is taken for what the other layers say.
 */

export interface InferredKind {
  inputModalities: string[];
  outputModalities: string[];
}

/** A name part starts here: the id's start, or after `/`, `:`, `-`, `_` or `.`. */
const part = (body: string) => new RegExp(`(^|[/:._-])(${body})`);

const RULES: Array<{ test: RegExp; kind: InferredKind }> = [
  // First: rerankers are often named after their embedding family (`bge-reranker-v2-m3`).
  { test: /rerank/, kind: { inputModalities: ['text'], outputModalities: ['rerank'] } },
  { test: /embed/, kind: { inputModalities: ['text'], outputModalities: ['embedding'] } },
  { test: part('bge-|gte-|e5-|multilingual-e5|all-minilm|all-mpnet'), kind: { inputModalities: ['text'], outputModalities: ['embedding'] } },
  {
    test: part('dall-e|gpt-image|imagen|flux|stable-diffusion|sdxl|sd3|recraft|ideogram|kandinsky|playground-v'),
    kind: { inputModalities: ['text'], outputModalities: ['image'] },
  },
  { test: part('tts(-|$)'), kind: { inputModalities: ['text'], outputModalities: ['audio'] } },
  { test: /whisper|transcribe/, kind: { inputModalities: ['audio'], outputModalities: ['text'] } },
];

/** The kind the id suggests, or undefined when it suggests none (see the rules above). */
export function inferModelKind(modelId: string): InferredKind | undefined {
  const id = modelId.toLowerCase();
  const rule = RULES.find((r) => r.test.test(id));
  return rule ? { inputModalities: [...rule.kind.inputModalities], outputModalities: [...rule.kind.outputModalities] } : undefined;
}

/**
 * A chat model takes text and answers text: what the chat view offers. Unknown modalities count
 * as text (a model nothing describes is taken for a chat model).
 */
export function isChatModel(capabilities: { inputModalities?: string[]; outputModalities?: string[] }): boolean {
  const input = capabilities.inputModalities;
  const output = capabilities.outputModalities;
  return (input === undefined || input.includes('text')) && (output === undefined || output.includes('text'));
}
