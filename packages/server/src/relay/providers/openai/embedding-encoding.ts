/**
 * An embedding as OpenAI sends it for `encoding_format: "base64"`: the vector's float32 values, little-endian,
 * in base64. OpenAI's SDKs ask for that by default and decode it, so a vector converted from another
 * provider's answer must be encoded the same way or the client reads garbage.
 */
export function base64Embedding(values: readonly number[]): string {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => bytes.writeFloatLE(v, i * 4));
  return bytes.toString('base64');
}

/** The OpenAI embeddings answer `answer` with its vectors encoded as the client's body asked. */
export function encodeEmbeddings(answer: unknown, format: unknown): unknown {
  if (format !== 'base64' || !answer || typeof answer !== 'object') return answer;
  const data = (answer as { data?: unknown }).data;
  if (!Array.isArray(data)) return answer;
  return {
    ...answer,
    data: data.map((item: { embedding?: unknown }) =>
      Array.isArray(item?.embedding) ? { ...item, embedding: base64Embedding(item.embedding) } : item,
    ),
  };
}
