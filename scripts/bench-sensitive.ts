// Micro-benchmark of the sensitive-word filter (not a test): `npm run bench:sensitive`.
// A 10-message chat prompt (about 3,000 characters, English with some Chinese, in mixed case) checked against
// 5,000 words (Latin and Chinese) that it does not contain, so every character is scanned: the worst case of a
// prompt that passes. Target: under 20 µs per prompt. Prints wall and CPU time per prompt (on a shared machine the
// wall clock also counts other processes' turns on the core, and a bare read of the same characters for scale), and
// the time to build the matcher (once per change).
import { loadavg } from 'node:os';
import { WordMatcher } from '../packages/server/src/relay/core/word-matcher.js';
import {
  parseSensitiveWords,
  sensitiveInMessages,
} from '../packages/server/src/relay/core/sensitive-words.js';
import type { ChatMessage } from '../packages/server/src/relay/providers/types.js';

let seed = 42;
const rnd = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 0x100000000;
const pick = (s: string) => s[Math.floor(rnd() * s.length)]!;
const LATIN = 'abcdefghijklmnopqrstuvwxyz';
const HAN = '敏感词屏蔽测试违禁内容广告赌博诈骗政治暴力色情毒品枪支';

const words = Array.from({ length: 5000 }, (_, i) =>
  i % 5 === 0
    ? Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => pick(HAN)).join('') + 'x' + i
    : Array.from({ length: 5 + Math.floor(rnd() * 8) }, () => pick(LATIN)).join('') + i,
);
const listText = words.join('\n');

const PARAGRAPH =
  'Please Review the following Code and explain what each function does, then suggest improvements ' +
  'for readability and performance. 请帮我看看这段代码有什么问题，并给出修改建议。The service Handles ' +
  'requests from many clients, retries failed calls and records usage for billing at the end of each hour. ';
const messages: ChatMessage[] = Array.from({ length: 10 }, (_, i) => ({
  role: i === 0 ? 'system' : i % 2 ? 'user' : 'assistant',
  content: PARAGRAPH.slice(0, 280 + (i % 3) * 10),
})) as ChatMessage[];
const chars = messages.reduce((n, m) => n + String(m.content).length, 0);

let t = performance.now();
const matcher = new WordMatcher(parseSensitiveWords(listText));
const buildMs = performance.now() - t;

if (sensitiveInMessages(matcher, messages)) throw new Error('the prompt should pass');
const tripped = [
  ...messages,
  { role: 'user', content: `and then ${words[1234]!.toUpperCase()}` },
] as ChatMessage[];
if (sensitiveInMessages(matcher, tripped) !== words[1234]) throw new Error('the word should be found');

const ROUNDS = 20_000;
for (let i = 0; i < ROUNDS; i++) sensitiveInMessages(matcher, messages); // warm-up
const samples: number[] = [];
// CPU time too: on a shared machine the wall clock also counts the time other processes held the core.
const cpu: number[] = [];
for (let batch = 0; batch < 21; batch++) {
  t = performance.now();
  const c = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) sensitiveInMessages(matcher, messages);
  const used = process.cpuUsage(c);
  samples.push(((performance.now() - t) * 1000) / ROUNDS);
  cpu.push((used.user + used.system) / ROUNDS);
}
cpu.sort((a, b) => a - b);
samples.sort((a, b) => a - b);
const median = samples[10]!;
// The floor on this machine now: reading the same code units and nothing else (shows a busy machine).
const bare = (list: ChatMessage[]) => {
  let sum = 0;
  for (const m of list) for (let i = 0, s = String(m.content); i < s.length; i++) sum += s.charCodeAt(i);
  return sum;
};
for (let i = 0; i < ROUNDS; i++) bare(messages);
const floors: number[] = [];
for (let batch = 0; batch < 21; batch++) {
  t = performance.now();
  for (let i = 0; i < ROUNDS; i++) bare(messages);
  floors.push(((performance.now() - t) * 1000) / ROUNDS);
}
floors.sort((a, b) => a - b);
console.log(`sensitive words: ${words.length} words, build ${buildMs.toFixed(1)} ms`);
console.log(
  `check: 10 messages, ${chars} chars: median ${median.toFixed(2)} µs per prompt ` +
    `(best ${samples[0]!.toFixed(2)}, worst batch ${samples.at(-1)!.toFixed(2)}); target < 20 µs: ${median < 20 ? 'met' : 'MISSED'}`,
);
console.log(`cpu time: median ${cpu[10]!.toFixed(2)} µs per prompt (best ${cpu[0]!.toFixed(2)})`);
console.log(
  `floor: reading the same characters alone takes ${floors[10]!.toFixed(2)} µs (load average ${loadavg()[0]!.toFixed(1)})`,
);
