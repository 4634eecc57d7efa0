import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FILE_HEADERS, NO_FEATURES, pageHeaders, type ConsoleFeatures } from './console-headers.js';
import type { ConsoleRendererFn } from './console-ssr.js';
import { routePath } from './route-family.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const API_PREFIXES = ['/api/', '/v1/', '/v1beta/', '/pg/', '/assets/'];

/**
 * Default location of the built console (packages/web/dist): two levels up from the bundled server
 * (packages/server/dist), three from this source file (packages/server/src/http).
 */
export function defaultWebDist(): string {
  const bundled = resolve(import.meta.dirname, '../../web/dist');
  const source = resolve(import.meta.dirname, '../../../web/dist');
  return existsSync(join(bundled, 'index.html')) || !existsSync(join(source, 'index.html'))
    ? bundled
    : source;
}

/** The console's server build, beside its client build (packages/web/dist-ssr). */
export function ssrEntryOf(dist: string): string {
  return join(dist, '..', 'dist-ssr', 'render-page.js');
}

const ROOT = '<div id="root"></div>';
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * index.html for a page the server drew: the console's scripts (the entry and the modules it preloads) are
 * asked for once the drawn page is painted. As a module script the entry would run as soon as parsing ends,
 * ahead of the first paint, and its preloads alone held that paint back by ~300 ms on a 2-core machine. A
 * timer starts it in a tab that never paints (in the background).
 */
export function drawnTemplate(indexText: string): { head: string; tail: string; loader: string } | undefined {
  const entry = ENTRY.exec(indexText);
  const preloads = [...indexText.matchAll(PRELOAD)].map((m) => m[1]!);
  const [before, after] = indexText.replace(ENTRY, '').replace(PRELOAD, '').split(ROOT);
  if (!entry || after === undefined || !after.includes('</body>')) return undefined;
  const loader =
    `(function () { var started = false; function add(tag, attrs) { var el = document.createElement(tag); ` +
    `for (var k in attrs) el[k] = attrs[k]; document.head.appendChild(el); } ` +
    `function start() { if (started) return; started = true; ` +
    `${JSON.stringify(preloads)}.forEach(function (href) { add('link', { rel: 'modulepreload', crossOrigin: '', href: href }); }); ` +
    `add('script', { type: 'module', crossOrigin: '', src: ${JSON.stringify(entry[1])} }); } ` +
    `requestAnimationFrame(function () { setTimeout(start, 0); }); setTimeout(start, 1000); })();`;
  return {
    head: before!,
    tail: after.replace('</body>', () => `<script>${loader}</script></body>`),
    loader,
  };
}

/**
 * The file a URL path names inside `root`, or undefined when it names none there: undecodable, or resolving to
 * `root` itself or outside it (`..%2F`, or a sibling folder whose name starts like root's, such as
 * `dist-ssr` beside `dist` or `/srv/console.bak` beside `/srv/console`).
 */
export function fileWithin(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = resolve(root, path);
  return inside(root, file) ? file : undefined;
}

function inside(folder: string, file: string): boolean {
  const rel = relative(folder, file);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

const TITLE = /<title>[^<]*<\/title>/;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Serves the built console with SPA fallback: unknown non-API GETs get index.html so client routes work on
 * reload. API paths keep new-api's JSON 404. With `draw`, the table screens come drawn (console-ssr.ts). Pages
 * carry a Content-Security-Policy and may not be framed; everything carries nosniff (console-headers.ts).
 */
export async function registerWebConsole(
  app: FastifyInstance,
  dist = defaultWebDist(),
  draw?: ConsoleRendererFn,
  features: () => ConsoleFeatures = NO_FEATURES,
  /** The pages' `<title>`: the `SystemName` option (Switchboard by default), as the console sets it once loaded. */
  title?: () => string,
): Promise<boolean> {
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile);
  const indexText = indexHtml.toString('utf8');
  const titled = (html: string): string => {
    const name = title?.();
    return name ? html.replace(TITLE, () => `<title>${escapeHtml(name)}</title>`) : html;
  };
  const template = draw ? drawnTemplate(indexText) : undefined;
  // The build's own inline scripts, allowed by hash.
  const inline = [...indexText.matchAll(INLINE_SCRIPT)].map((m) => m[1]!);
  const root = resolve(dist);
  app.get('/*', async (req, reply) => {
    const path = (req.url.split('?')[0] ?? '/').replace(/^\/+/, '');
    const file = fileWithin(root, path);
    if (file && extname(file)) {
      try {
        const body = await readFile(file);
        const type = extname(file);
        // Only the build's own hashed files are cached for good.
        const cache = inside(join(root, 'assets'), file) ? 'public, max-age=31536000, immutable' : 'no-cache';
        return reply
          .type(TYPES[type] ?? 'application/octet-stream')
          .headers(type === '.html' ? pageHeaders(features(), inline) : FILE_HEADERS)
          .header('Cache-Control', cache)
          .send(body);
      } catch {
        // fall through to the SPA or the API 404
      }
    }
    if (API_PREFIXES.some((p) => routePath(req).startsWith(p))) {
      return reply
        .status(404)
        .header('X-Content-Type-Options', 'nosniff')
        .send({
          error: {
            message: `Invalid URL (GET ${routePath(req)})`,
            type: 'invalid_request_error',
            param: '',
            code: '',
          },
        });
    }
    const drawn = draw && template ? await draw(req) : undefined;
    if (drawn && template) {
      // The page holds the caller's own data: never stored by a cache.
      return reply
        .type(TYPES['.html']!)
        .headers(pageHeaders(features(), [...inline, template.loader, ...drawn.scripts]))
        .header('Cache-Control', 'no-store')
        .header('Server-Timing', drawn.timing)
        .send(
          titled(template.head).replace('<html lang="zh">', `<html lang="${drawn.lang}">`) +
            `<div id="root">${drawn.root}</div>${drawn.state}` +
            template.tail,
        );
    }
    return reply
      .type(TYPES['.html']!)
      .headers(pageHeaders(features(), inline))
      .header('Cache-Control', 'no-cache')
      .send(title ? titled(indexText) : indexHtml);
  });
  return true;
}
