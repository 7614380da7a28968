/** The content codings docsgen's servers can send, best first when a client likes two equally. */
export type Encoding = 'br' | 'gzip';
const SUPPORTED: readonly Encoding[] = ['br', 'gzip'];

/** `q=0.5` (at most three decimals, RFC 9110 §12.4.2). */
const QVALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * Name → its q-value, from a list header (Accept-Encoding: codings; Accept:
 * media ranges, whose other parameters are ignored); malformed q-values are skipped.
 */
export function parseQualityList(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = QVALUE.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(name.toLowerCase(), q);
  }
  return weights;
}

/**
 * The coding to send a compressible body in, by the request's
 * Accept-Encoding and its q-values: the supported coding the client weights
 * highest (brotli on a tie), or undefined for the body as it is. `*` stands
 * for any coding not named; `q=0` refuses one; an `identity` the client
 * weights above every coding wins. No header, no compression.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = parseQualityList(header);
  const star = weights.get('*') ?? 0;
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const coding of SUPPORTED) {
    const q = weights.get(coding) ?? star;
    if (q > bestQ) [best, bestQ] = [coding, q];
  }
  const identity = weights.get('identity');
  return identity !== undefined && identity > bestQ ? undefined : best;
}
