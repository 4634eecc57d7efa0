import type { z } from 'zod';
import type { CallInit, HttpClient, RequestOptions } from '../core/http.js';
import { PagePromise, pageQuery, toPage, type Page, type PageParams } from '../core/pagination.js';
import type { RouteDescriptor } from '../core/route.js';
import { parseResponse, validateParams } from '../core/validate.js';
import { ListParamsSchema } from '../schemas/common.js';

/** Base of every resource class: shared helpers over the one `HttpClient`. */
export abstract class ApiResource {
  protected readonly http: HttpClient;

  constructor(http: HttpClient) {
    this.http = http;
  }

  /** Validates params with their request schema; throws `ValidationError` before anything is sent. */
  protected check<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
    return validateParams(schema, params, this.http.lang);
  }

  /** Parses a response value tolerantly (strictly with `strictResponses`). */
  protected parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
    return parseResponse(schema, value, this.http.strictResponses);
  }

  /** Calls a route and parses the unwrapped answer with `schema`. */
  protected async fetch<S extends z.ZodType>(
    route: RouteDescriptor,
    schema: S,
    init?: CallInit,
  ): Promise<z.output<S>> {
    return this.parse(schema, await this.http.call(route, init));
  }

  /** Calls a route whose answer carries nothing useful (many new-api writes omit `data`). */
  protected async send(route: RouteDescriptor, init?: CallInit): Promise<void> {
    await this.http.call(route, init);
  }

  /**
   * Calls a list route: validates the filters with `paramsSchema` and `page`/`pageSize` with the shared
   * list rules, sends them the way both servers understand (see `pageQuery`), and normalises each
   * answer into a `Page` of items parsed with `itemSchema`.
   */
  protected paginate<S extends z.ZodType>(
    route: RouteDescriptor,
    itemSchema: S,
    paramsSchema: z.ZodType<object>,
    params: PageParams | undefined,
    options?: RequestOptions,
  ): PagePromise<z.output<S>> {
    type T = z.output<S>;
    const paging = route.paged;
    if (!paging) throw new TypeError(`${route.method} ${route.path} is not a list route`);
    const start = async (): Promise<Page<T>> => {
      const { page, pageSize } = this.check(ListParamsSchema, {
        page: params?.page,
        pageSize: params?.pageSize,
      });
      const checked: Record<string, unknown> = { ...this.check(paramsSchema, params ?? {}) };
      delete checked['page'];
      delete checked['pageSize'];
      const load = async (n: number): Promise<Page<T>> => {
        const query = { ...checked, ...pageQuery(paging, n, pageSize) };
        const data = await this.http.call(route, { query, options });
        const parseItem = (item: unknown): T => this.parse(itemSchema, item);
        return toPage(data, parseItem, { paging, page: n, pageSize, fetchPage: load });
      };
      return load(page);
    };
    return new PagePromise(start());
  }
}
