// Counts tokens off the event loop. Building an encoder from its rank table takes seconds of CPU and ~100 MB, so
// it happens here, once, on first use; the relay's thread only posts texts and awaits counts (tokenizer.ts).
// Plain JavaScript, so the same file runs under the source loader and in the bundle.
import { parentPort } from 'node:worker_threads';

const encoders = new Map();

function encoder(name) {
  let ready = encoders.get(name);
  if (!ready) {
    ready = (async () => {
      const { Tiktoken } = await import('js-tiktoken/lite');
      const ranks =
        name === 'o200k_base'
          ? await import('js-tiktoken/ranks/o200k_base')
          : await import('js-tiktoken/ranks/cl100k_base');
      return new Tiktoken(ranks.default);
    })();
    encoders.set(name, ready);
  }
  return ready;
}

parentPort.on('message', (job) => {
  encoder(job.encoding).then(
    (enc) =>
      parentPort.postMessage({ id: job.id, counts: job.texts.map((t) => (t ? enc.encode(t).length : 0)) }),
    (err) => parentPort.postMessage({ id: job.id, error: String(err) }),
  );
});
