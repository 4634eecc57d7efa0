/** Fills a chat client template (`{key}`, `{address}`) the way new-api does. */
export function fillChatTemplate(template: string, key: string, address: string): string {
  return template.replaceAll('{key}', key).replaceAll('{address}', encodeURIComponent(address));
}

/** A chat_link / chat_link2 client opened with the key and server preset in its settings hash. */
export function chatLinkUrl(link: string, key: string, address: string): string {
  const settings = encodeURIComponent(JSON.stringify({ key, url: address }));
  return `${link.replace(/\/+$/, '')}/#/?settings=${settings}`;
}
