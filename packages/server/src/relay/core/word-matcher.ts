/**
 * Aho-Corasick over UTF-16 code units, case-insensitive: every word of a list looked for in one pass over a text,
 * whatever the number of words. Built once per list (the sensitive-word option), then read per request; a search
 * allocates nothing and does not lower-case the text (code units are folded by a table as they are read).
 *
 * Layout, for speed on the request path: code units are mapped to a small alphabet (the units the words use;
 * any other unit sends the automaton back to the root at once). The shallow nodes, where a scan of ordinary text
 * spends nearly all its steps, have full transition rows (one array read per code unit); the rest, past a
 * memory budget, keep sorted edges and failure links. Each node knows the first word ending at it or at one of
 * its suffixes.
 */

/** At most this many transition-table entries (4 MB): nodes beyond it use sparse edges. */
const TABLE_BUDGET = 1 << 20;

let folding: { lower: Uint16Array; upper: Map<number, number[]> } | undefined;

/**
 * Each code unit's lower case, where that is one code unit (as `toLowerCase` folds it; others stay), and the
 * units that fold to each. Built once per process.
 */
function fold() {
  if (folding) return folding;
  const lower = new Uint16Array(0x10000);
  const upper = new Map<number, number[]>();
  for (let c = 0; c < 0x10000; c++) {
    const l = c >= 0xd800 && c < 0xe000 ? '' : String.fromCharCode(c).toLowerCase();
    lower[c] = l.length === 1 ? l.charCodeAt(0) : c;
    if (lower[c] !== c) {
      const list = upper.get(lower[c]!);
      if (list) list.push(c);
      else upper.set(lower[c]!, [c]);
    }
  }
  return (folding = { lower, upper });
}

export class WordMatcher {
  /** Code unit → alphabet index (1..K), 0 for a unit no word holds. */
  private readonly alpha = new Uint16Array(0x10000);
  private readonly width: number;
  /** Nodes below this have full rows in `table`. */
  private readonly dense: number;
  private readonly table: Int32Array;
  private readonly edgeStart: Int32Array;
  private readonly edgeChar: Uint16Array;
  private readonly edgeTo: Int32Array;
  private readonly fail: Int32Array;
  /** Index in `words` of a word ending at the node (or at a suffix of it), else -1. */
  private readonly output: Int32Array;

  constructor(readonly words: readonly string[]) {
    const { lower, upper } = fold();
    const alphabet = new Map<number, number>();
    const symbols = words.map((word) => {
      const out = new Uint16Array(word.length);
      for (let i = 0; i < word.length; i++) {
        const c = lower[word.charCodeAt(i)]!;
        let a = alphabet.get(c);
        if (a === undefined) {
          alphabet.set(c, (a = alphabet.size + 1));
          this.alpha[c] = a;
          for (const u of upper.get(c) ?? []) this.alpha[u] = a;
        }
        out[i] = a;
      }
      return out;
    });
    const width = (this.width = alphabet.size + 1);

    // The trie, built one depth at a time so that node ids grow with depth: a failure link, which always
    // points to a shallower node, points to a lower id, and the shallow nodes come first.
    const childOf = new Map<number, number>();
    const parent: number[] = [0];
    const symbol: number[] = [0];
    const ends: number[] = [-1];
    const at = new Int32Array(words.length);
    const longest = symbols.reduce((n, w) => Math.max(n, w.length), 0);
    for (let depth = 0; depth < longest; depth++) {
      symbols.forEach((word, w) => {
        if (word.length <= depth) return;
        const key = at[w]! * width + word[depth]!;
        let node = childOf.get(key);
        if (node === undefined) {
          node = parent.length;
          childOf.set(key, node);
          parent.push(at[w]!);
          symbol.push(word[depth]!);
          ends.push(-1);
        }
        at[w] = node;
        if (word.length === depth + 1 && ends[node] === -1) ends[node] = w;
      });
    }
    const n = parent.length;

    // Each node's children as a slice of two flat arrays, sorted by symbol.
    this.edgeStart = new Int32Array(n + 1);
    for (let v = 1; v < n; v++) this.edgeStart[parent[v]! + 1]!++;
    for (let u = 0; u < n; u++) this.edgeStart[u + 1]! += this.edgeStart[u]!;
    this.edgeChar = new Uint16Array(n - 1);
    this.edgeTo = new Int32Array(n - 1);
    const fill = this.edgeStart.slice(0, n);
    for (let v = 1; v < n; v++) {
      // Insertion into the parent's slice, kept sorted (slices are short).
      const lo = this.edgeStart[parent[v]!]!;
      let i = fill[parent[v]!]!++;
      while (i > lo && this.edgeChar[i - 1]! > symbol[v]!) {
        this.edgeChar[i] = this.edgeChar[i - 1]!;
        this.edgeTo[i] = this.edgeTo[i - 1]!;
        i--;
      }
      this.edgeChar[i] = symbol[v]!;
      this.edgeTo[i] = v;
    }

    this.dense = Math.max(1, Math.min(n, Math.floor(TABLE_BUDGET / width)));
    this.table = new Int32Array(this.dense * width);
    this.fail = new Int32Array(n);
    this.output = Int32Array.from(ends);
    // In id order (parents and failure targets first): a node's failure link is where its parent's link goes
    // on the same symbol; a dense node's row is its link's row with its own children written over it.
    for (let u = 0; u < n; u++) {
      if (u !== 0) {
        const p = parent[u]!;
        const f = p === 0 ? 0 : this.step(this.fail[p]!, symbol[u]!);
        this.fail[u] = f;
        if (this.output[u] === -1) this.output[u] = this.output[f]!;
        if (u < this.dense) this.table.copyWithin(u * width, f * width, (f + 1) * width);
      }
      if (u < this.dense)
        for (let e = this.edgeStart[u]!; e < this.edgeStart[u + 1]!; e++)
          this.table[u * width + this.edgeChar[e]!] = this.edgeTo[e]!;
    }
    // A transition into a node where a word ends is stored complemented (negative): the scan learns of a hit
    // from the value it read anyway.
    for (let i = 0; i < this.table.length; i++) {
      const v = this.table[i]!;
      if (this.output[v]! >= 0) this.table[i] = ~v;
    }
  }

  /** The node reached from `node` on symbol `a`. */
  private step(node: number, a: number): number {
    const { dense, width, table, edgeStart, edgeChar, edgeTo, fail } = this;
    for (;;) {
      if (node < dense) {
        const v = table[node * width + a]!;
        return v < 0 ? ~v : v;
      }
      let lo = edgeStart[node]!;
      let hi = edgeStart[node + 1]! - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const m = edgeChar[mid]!;
        if (m === a) return edgeTo[mid]!;
        if (m < a) lo = mid + 1;
        else hi = mid - 1;
      }
      node = fail[node]!;
    }
  }

  /** The first word (in text order) found in `text`, in any case, or undefined. */
  find(text: string): string | undefined {
    if (this.words.length === 0) return undefined;
    const { alpha, dense, width, table, output } = this;
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      // Symbol 0 (a unit no word holds) leads every dense node back to the root: column 0 is all zeros.
      const a = alpha[text.charCodeAt(i)]!;
      if (node < dense) {
        node = table[node * width + a]!;
        if (node < 0) return this.words[output[~node]!];
      } else {
        node = this.step(node, a);
        if (output[node]! >= 0) return this.words[output[node]!];
      }
    }
    return undefined;
  }
}
