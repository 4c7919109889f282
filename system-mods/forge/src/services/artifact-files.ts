/**
 * Artifact bytes on disk: `<dataDir>/forge/<jobId>/<artifactId>.<ext>`, named in answers only by
 * the relative storage reference `forge/<jobId>/<artifactId>.<ext>`. The content type served is
 * chosen here from the bytes (magic numbers), never taken from the provider, and only media
 * types a browser renders inertly are ever named; anything else is `application/octet-stream`.
 */
import { createHash } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SniffedType {
  contentType: string;
  ext: string;
}

const ascii = (bytes: Uint8Array, offset: number, text: string) => {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
};

/** The media type the bytes show. */
export function sniffContentType(bytes: Uint8Array): SniffedType {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 'PNG\r\n\x1a\n')) return { contentType: 'image/png', ext: 'png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return { contentType: 'image/gif', ext: 'gif' };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return { contentType: 'image/webp', ext: 'webp' };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return { contentType: 'audio/wav', ext: 'wav' };
  if (ascii(b, 0, 'fLaC')) return { contentType: 'audio/flac', ext: 'flac' };
  if (ascii(b, 0, 'OggS')) return { contentType: 'audio/ogg', ext: 'ogg' };
  if (ascii(b, 0, 'ID3') || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe6) === 0xe2)) return { contentType: 'audio/mpeg', ext: 'mp3' };
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xf6) === 0xf0) return { contentType: 'audio/aac', ext: 'aac' };
  if (ascii(b, 4, 'ftyp')) {
    const brand = String.fromCharCode(...b.subarray(8, 12));
    return brand.startsWith('M4A') ? { contentType: 'audio/mp4', ext: 'm4a' } : { contentType: 'video/mp4', ext: 'mp4' };
  }
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return { contentType: 'video/webm', ext: 'webm' };
  return { contentType: 'application/octet-stream', ext: 'bin' };
}

export interface StoredFile {
  storageReference: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

export class ArtifactFiles {
  /** `<dataDir>/forge`. */
  private readonly root: string;

  constructor(private readonly dataDir: string) {
    this.root = path.join(dataDir, 'forge');
  }

  /**
   * Writes one artifact (to a temporary name first, so a crash never leaves a partial file
   * under the final name) and returns its relative reference and facts.
   */
  async write(jobId: string, artifactId: string, bytes: Uint8Array): Promise<StoredFile> {
    const { contentType, ext } = sniffContentType(bytes);
    const storageReference = `forge/${jobId}/${artifactId}.${ext}`;
    const target = this.absolute(storageReference);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.partial`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
    return { storageReference, contentType, sizeBytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** Removes what an attempt wrote (a failed or retried attempt). */
  async removeJob(jobId: string): Promise<void> {
    await rm(path.join(this.root, jobId), { recursive: true, force: true });
  }

  /** The file's size, or undefined when it is gone. */
  async size(storageReference: string): Promise<number | undefined> {
    try {
      return (await stat(this.absolute(storageReference))).size;
    } catch {
      return undefined;
    }
  }

  open(storageReference: string): ReadStream {
    return createReadStream(this.absolute(storageReference), { highWaterMark: 256 * 1024 });
  }

  /** References come from our own rows; still, nothing outside `<dataDir>/forge` is ever opened. */
  private absolute(storageReference: string): string {
    const absolute = path.resolve(this.dataDir, storageReference);
    if (!absolute.startsWith(this.root + path.sep)) throw new Error('an artifact reference outside the Forge folder');
    return absolute;
  }
}
