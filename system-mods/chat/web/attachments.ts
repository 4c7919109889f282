/**
 * Files a message carries, read in the browser within the spec's budgets before anything is
 * uploaded: 8 MiB per file, 16 MiB per message, 8 files (the server refuses image content above
 * 30,000,000 characters and reads at most SVC_REQUEST_MAX_BYTES, 96 MiB by default, per request;
 * 16 MiB of files is about 22 MiB once encoded). A page may set `window.svcAttachmentBudgets`
 * before the UI bundle loads to change them.
 */
import { formatBytes } from '../../../web/src/lib/format';
import type { OutgoingAttachment } from './live-runs.svelte';

export const MiB = 1024 * 1024;

const configured = (globalThis as { svcAttachmentBudgets?: Partial<{ fileBytes: number; batchBytes: number; files: number }> }).svcAttachmentBudgets ?? {};
export const budgets = { fileBytes: configured.fileBytes ?? 8 * MiB, batchBytes: configured.batchBytes ?? 16 * MiB, files: configured.files ?? 8 };

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-yaml|yaml|toml|x-sh|sql)\b)/;
/** Files browsers report without a type that are text all the same. */
const TEXT_NAMES = /\.(md|markdown|txt|log|csv|tsv|json|ya?ml|toml|ini|cfg|conf|sh|py|ts|js|mjs|cjs|tsx|jsx|svelte|vue|rs|go|java|kt|c|h|cpp|hpp|cs|rb|php|sql|html|css|xml)$/i;

export const sizeText = formatBytes;

function readFile(file: File): Promise<OutgoingAttachment> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    const type = file.type || (TEXT_NAMES.test(file.name) ? 'text/plain' : 'application/octet-stream');
    reader.onerror = () => reject(reader.error ?? new Error(`could not read ${file.name}`));
    if (type.startsWith('image/')) {
      reader.onload = () => resolve({ name: file.name, type, size: file.size, encoding: 'data-url', content: String(reader.result), preview: String(reader.result) });
      reader.readAsDataURL(file);
    } else if (TEXT_TYPES.test(type)) {
      reader.onload = () => resolve({ name: file.name, type, size: file.size, encoding: 'utf8', content: String(reader.result) });
      reader.readAsText(file);
    } else {
      reader.onload = () => {
        const url = String(reader.result);
        resolve({ name: file.name, type, size: file.size, encoding: 'base64', content: url.slice(url.indexOf(',') + 1) });
      };
      reader.readAsDataURL(file);
    }
  });
}

/**
 * Adds `files` to what is already attached, within the budgets. Answers the new list and, for
 * each file refused, the reason in words (nothing is uploaded until the message is sent).
 */
export async function addFiles(current: OutgoingAttachment[], files: File[]): Promise<{ attached: OutgoingAttachment[]; refused: string[] }> {
  const refused: string[] = [];
  let count = current.length;
  let total = current.reduce((n, f) => n + f.size, 0);
  const accepted: File[] = [];
  for (const file of files) {
    if (file.size > budgets.fileBytes) refused.push(`${file.name} is ${sizeText(file.size)}; at most ${sizeText(budgets.fileBytes)} per file`);
    else if (count + 1 > budgets.files) refused.push(`${file.name}: at most ${budgets.files} files per message`);
    else if (total + file.size > budgets.batchBytes) refused.push(`${file.name}: at most ${sizeText(budgets.batchBytes)} of files per message`);
    else {
      accepted.push(file);
      count += 1;
      total += file.size;
    }
  }
  const read: OutgoingAttachment[] = [];
  for (const file of accepted) {
    try {
      read.push(await readFile(file));
    } catch (error) {
      refused.push(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { attached: [...current, ...read], refused };
}

/** The address of a kept attachment (an upload, or a Forge artifact attached to the session). */
export const attachmentUrl = (agentId: string, reference: string) => `/api/attachments/${encodeURIComponent(agentId)}/${encodeURIComponent(reference)}`;
