import type { RequestOptions } from '../core/http.js';
import { defineRoutes } from '../core/route.js';
import { StatusSchema, type Status } from '../schemas/status.js';
import { TextSchema } from '../schemas/responses.js';
import { ApiResource } from './resource.js';

/** Routes of `client.status`. */
export const STATUS_ROUTES = defineRoutes({
  get: {
    method: 'GET',
    path: '/api/status',
    summary: 'Public site configuration read at startup',
    auth: 'none',
    response: StatusSchema,
  },
  notice: {
    method: 'GET',
    path: '/api/notice',
    summary: 'The notice text (Notice option)',
    auth: 'none',
    response: TextSchema,
  },
  about: {
    method: 'GET',
    path: '/api/about',
    summary: 'The about page content (About option)',
    auth: 'none',
    response: TextSchema,
  },
  homePageContent: {
    method: 'GET',
    path: '/api/home_page_content',
    summary: 'The home page content',
    auth: 'none',
    response: TextSchema,
  },
  test: {
    method: 'GET',
    path: '/api/status/test',
    summary: 'Check the server and its database',
    auth: 'admin',
    response: null,
  },
});

const R = STATUS_ROUTES;

/** Public site information. */
export class StatusResource extends ApiResource {
  /** Gets the public status object: site name, feature flags, login methods, quota unit, version. */
  async get(options?: RequestOptions): Promise<Status> {
    return this.fetch(R.get, StatusSchema, { options });
  }

  /** Gets the notice (Markdown or HTML; empty when unset). */
  async notice(options?: RequestOptions): Promise<string> {
    return (await this.fetch(R.notice, TextSchema, { options })) ?? '';
  }

  /** Gets the about page (Markdown, HTML, or a URL to embed). */
  async about(options?: RequestOptions): Promise<string> {
    return (await this.fetch(R.about, TextSchema, { options })) ?? '';
  }

  /** Gets the home page content (Markdown, HTML, or a URL to embed). */
  async homePageContent(options?: RequestOptions): Promise<string> {
    return (await this.fetch(R.homePageContent, TextSchema, { options })) ?? '';
  }

  /** Checks that the server and its database answer; a failing database is an `InternalServerError` (503). */
  async test(options?: RequestOptions): Promise<void> {
    await this.send(R.test, { options });
  }
}
