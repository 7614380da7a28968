import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkContentSvg } from './content-svg.js';
import { MEDIA_TYPES, publishedExtension, sniffBinaryType, SVG, type MediaType, type MediaUse } from './media-type.js';

/** Where content images, videos and audio are copied in the output. */
export const CONTENT_IMAGES_DIR = 'assets/images/';

/** The largest file content may publish as an image or a source: GitHub refuses files over 100 MB. */
export const MAX_CONTENT_FILE_BYTES = 100 * 1024 * 1024;
/** The largest SVG that is parsed and rebuilt (a drawing, not a data dump). */
export const MAX_SVG_BYTES = 16 * 1024 * 1024;

/** A file that is what its reference says: the bytes to publish (an SVG as rebuilt), its type, and their SHA-256. */
export interface VettedFile {
  ok: true;
  bytes: Uint8Array;
  type: MediaType;
  hash: string;
}

/** Why a file cannot be published for its reference: a rule, a reason (after the path as written) and a hint. */
export interface FileRefusal {
  ok: false;
  rule: 'not-an-image' | 'not-audio-or-video' | 'unsafe-svg' | 'file-too-large';
  reason: string;
  hint: string;
}

const IMAGE_NAMES = MEDIA_TYPES.filter((t) => t.use === 'image').map((t) => t.name);
const MEDIA_NAMES = MEDIA_TYPES.filter((t) => t.use === 'media').map((t) => t.name);
const IMAGE_HINT = `images are recognised by their contents, not their names: use a file in one of the formats browsers show (${listed(IMAGE_NAMES)})`;
const MEDIA_HINT = `video and audio are recognised by their contents, not their names: use a file in one of the formats browsers play (${listed(MEDIA_NAMES)})`;
const SVG_HINT =
  "an SVG is published on the site's origin, where its script would run: remove scripts, event handlers, foreignObject, javascript: links and DOCTYPE entities (an editor's plain-SVG export does), or use a PNG";

/**
 * Reads a file content names (its real path, already allowed by the content
 * folder rule) and decides whether it is what the reference needs, by its
 * bytes: a raster image or a script-free SVG for an image, a video or audio
 * container for a source. The bytes returned are what gets published and
 * hashed: for an SVG, the drawing rebuilt from the checked tree. Opened once,
 * so the size checked is the size read; only regular files are read (a FIFO
 * would block).
 */
export function vetContentFile(real: string, use: MediaUse): VettedFile | FileRefusal {
  const refuse = (rule: FileRefusal['rule'], reason: string, hint: string): FileRefusal => ({
    ok: false,
    rule,
    reason,
    hint,
  });
  const notWanted =
    use === 'image'
      ? (reason: string) => refuse('not-an-image', reason, IMAGE_HINT)
      : (reason: string) => refuse('not-audio-or-video', reason, MEDIA_HINT);
  // Without blocking: opening a FIFO for reading would wait for a writer.
  const fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  let bytes: Buffer;
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return notWanted('is not a file');
    if (stat.size > MAX_CONTENT_FILE_BYTES)
      return refuse(
        'file-too-large',
        `is ${megabytes(stat.size)}, more than the ${megabytes(MAX_CONTENT_FILE_BYTES)} a published file may have`,
        'make the file smaller, or host it elsewhere and link to it',
      );
    bytes = readFileSync(fd);
  } finally {
    closeSync(fd);
  }
  const binary = sniffBinaryType(bytes);
  if (binary) {
    if (binary.use !== use)
      return notWanted(
        `is ${binary.use === 'image' ? 'an image' : 'a video or audio file'} (${binary.name}), not ${use === 'image' ? 'an image' : 'a video or audio file'}`,
      );
    return vetted(bytes, binary);
  }
  if (use === 'image' && looksLikeMarkup(bytes)) {
    if (bytes.length > MAX_SVG_BYTES)
      return notWanted(
        `is ${megabytes(bytes.length)} of markup, more than the ${megabytes(MAX_SVG_BYTES)} an SVG may have`,
      );
    const svg = checkContentSvg(bytes.toString('utf8'));
    if (svg.kind === 'svg') return vetted(Buffer.from(svg.svg), SVG);
    if (svg.kind === 'refused') return refuse('unsafe-svg', `is an SVG that could run script: ${svg.why}`, SVG_HINT);
    return notWanted(`is markup (HTML, XHTML or XML), not an image: ${svg.why}`);
  }
  return notWanted(
    looksLikeMarkup(bytes)
      ? 'is markup (HTML, XHTML or XML), not a video or audio file'
      : `is not in a format browsers ${use === 'image' ? 'show as an image' : 'play'} (${listed(use === 'image' ? IMAGE_NAMES : MEDIA_NAMES)})`,
  );
}

function vetted(bytes: Uint8Array, type: MediaType): VettedFile {
  return { ok: true, bytes, type, hash: createHash('sha256').update(bytes).digest('hex') };
}

/** Text that starts with `<` after an optional byte order mark and blanks: the only files parsed as SVG. */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0a || bytes[at] === 0x0d))
    at++;
  return bytes[at] === 0x3c;
}

/**
 * Where a vetted file is published: `assets/images/<name>-<hash>.<ext>`,
 * named after its real path (so a file reached by its name and through a
 * symlink is one asset), with the extension of what it holds, never one a
 * host would serve as a page.
 */
export function contentAssetPath(real: string, file: VettedFile): string {
  const name = path.basename(real);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${CONTENT_IMAGES_DIR}${stem}-${file.hash.slice(0, 8)}.${publishedExtension(file.type, name)}`;
}

/** The use an asset's extension stands for (`png` → image), or undefined for an extension no vetted file gets. */
export function useOfAsset(out: string): MediaUse | undefined {
  const ext = path.posix.extname(out).slice(1);
  return MEDIA_TYPES.find((type) => type.extensions.includes(ext))?.use;
}

function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / (1024 * 1024))} MB`;
}

function listed(names: readonly string[]): string {
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
