/** Parts looked at; an audio form has a handful (file, model, language, prompt, response_format, ...). */
const MAX_PARTS = 100;
/** Bytes of one part's header block; Content-Disposition and Content-Type fit in a fraction of this. */
const MAX_HEADER_BYTES = 8 * 1024;
/** Text values at least this long are not kept (they are prompts or files, never a model name). */
const MAX_VALUE_BYTES = 4096;

/** Spaces and tabs a sender may put between a boundary and its line break (RFC 2046's transport padding). */
const MAX_PADDING = 256;

const CRLF2 = Buffer.from('\r\n\r\n');

/** Where the first boundary ends: it may open the body, or follow a preamble and a line break; -1 if none. */
function firstBoundaryEnd(bytes: Buffer, delimiter: Buffer): number {
  const opening = delimiter.subarray(2);
  if (bytes.subarray(0, opening.length).equals(opening)) return opening.length;
  const at = bytes.indexOf(delimiter);
  return at < 0 ? -1 : at + delimiter.length;
}

/** The boundary of a `multipart/form-data` content type, quoted or not; RFC 2046 allows 1 to 70 characters. */
export function boundaryOf(contentType: string): string | undefined {
  const match = /(?:^|;)\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** The field name of a part that is not a file, from its header block. */
function textFieldName(head: string): string | undefined {
  for (const line of head.split('\r\n')) {
    if (!/^content-disposition\s*:/i.test(line)) continue;
    if (/;\s*filename\*?\s*=/i.test(line)) return undefined;
    return /;\s*name="([^"]*)"/i.exec(line)?.[1] || undefined;
  }
  return undefined;
}

/**
 * The text fields of a multipart form (the audio endpoints send `model` there); files are skipped. One pass:
 * each boundary is found with a native search starting where the last part ended, and a part's header block
 * is only looked for within its first {@link MAX_HEADER_BYTES}, so the work is linear in the body whatever it
 * holds. A malformed body yields the fields read before the fault; the upstream judges the bytes it is sent.
 */
export function multipartFields(bytes: Buffer, contentType: string): Record<string, string> {
  const mark = boundaryOf(contentType);
  if (!mark) return {};
  const fields: Record<string, string> = {};
  const delimiter = Buffer.from(`\r\n--${mark}`, 'latin1');
  let at = firstBoundaryEnd(bytes, delimiter);
  for (let parts = 0; at >= 0 && parts < MAX_PARTS; parts++) {
    // After a boundary: `--` closes the form, else transport padding and a line break open a part.
    if (bytes[at] === 0x2d && bytes[at + 1] === 0x2d) break;
    const lineEnd = bytes.subarray(at, at + MAX_PADDING + 2).indexOf('\r\n');
    if (lineEnd < 0) break;
    // From the boundary line's own line break: a part without headers ends its (empty) block right there.
    const headAt = at + lineEnd;
    const headEnd = bytes.subarray(headAt, headAt + MAX_HEADER_BYTES).indexOf(CRLF2);
    if (headEnd < 0) break;
    const valueStart = headAt + headEnd + CRLF2.length;
    const next = bytes.indexOf(delimiter, valueStart);
    if (next < 0) break;
    const name = textFieldName(bytes.toString('latin1', headAt + 2, headAt + headEnd));
    if (name && next - valueStart < MAX_VALUE_BYTES) fields[name] = bytes.toString('utf8', valueStart, next);
    at = next + delimiter.length;
  }
  return fields;
}
