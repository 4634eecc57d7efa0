const EMOTION_STYLE = /<style data-emotion="css ([^"]*)">([\s\S]*?)<\/style>/g;

/**
 * Emotion writes a <style> before each element whose rules it has not written yet: over a hundred sheets on a
 * table screen, which the browser took hundreds of milliseconds more to lay out than the same rules in one.
 * They become one, first; the console's emotion cache adopts it (its rules are not inserted again).
 */
export function mergeStyles(html: string): string {
  const ids: string[] = [];
  const rules: string[] = [];
  const rest = html.replace(EMOTION_STYLE, (_all, names: string, css: string) => {
    ids.push(names);
    rules.push(css);
    return '';
  });
  return ids.length ? `<style data-emotion="css ${ids.join(' ')}">${rules.join('')}</style>${rest}` : rest;
}
