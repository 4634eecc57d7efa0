import { SdkError, ValidationError } from './errors.js';
import { isRecord } from './envelope.js';

/**
 * How new-api 0.4.8 pages one list endpoint (contract §2.2). Our own server answers in the same shapes;
 * it also reads the 1-based `page`, which wins over `p`, so the query of `pageQuery` means one page on both.
 */
export interface ListPaging {
  /** `p` for the first page on new-api: 0 or 1; `null` for unpaged endpoints (searches). */
  firstP: 0 | 1 | null;
  /** Page size new-api really uses when it answers a bare array: `'sent'` (our pageSize) or a fixed number. */
  legacySize: 'sent' | number;
  /** Cap new-api applies to the sent size (tokens: 100). */
  legacyMaxSize?: number;
  /** What new-api answers: a bare array, or the `{items, total, page, page_size}` object. */
  legacyShape: 'array' | 'object';
}

/** Paging arguments every list method accepts, always 1-based whatever the server. */
export interface PageParams {
  /** 1-based page number; default 1. */
  page?: number | string;
  /** Items per page, 1 to 100; default 10. */
  pageSize?: number | string;
}

/**
 * Query parameters for one page, understood by both servers without a detection request:
 * `p` in the endpoint's new-api base, `page` (1-based; our server prefers it, new-api ignores it),
 * and the size as both `page_size` and `size`.
 */
export function pageQuery(paging: ListPaging, page: number, pageSize: number): Record<string, number> {
  const query: Record<string, number> = { page, page_size: pageSize, size: pageSize };
  if (paging.firstP !== null) query['p'] = page - 1 + paging.firstP;
  return query;
}

/** Everything `Page` needs to fetch its neighbours. */
export interface PageContext<T> {
  paging: ListPaging;
  page: number;
  pageSize: number;
  fetchPage: (page: number) => Promise<Page<T>>;
}

/** One page of a list, normalised from whichever shape the server sent. */
export class Page<T> implements AsyncIterable<T> {
  /** The items of this page. */
  readonly items: T[];
  /** Total number of items across pages, when the server says (never for bare-array answers). */
  readonly total: number | undefined;
  /** 1-based number of this page. */
  readonly page: number;
  /** Page size the server actually applied. */
  readonly pageSize: number;
  readonly #hasNext: boolean;
  readonly #fetchPage: (page: number) => Promise<Page<T>>;

  constructor(items: T[], total: number | undefined, hasNext: boolean, context: PageContext<T>) {
    this.items = items;
    this.total = total;
    this.page = context.page;
    this.pageSize = context.pageSize;
    this.#hasNext = hasNext;
    this.#fetchPage = context.fetchPage;
  }

  /** Whether another page probably exists (bare-array lists can end with one empty page). */
  hasNextPage(): boolean {
    return this.#hasNext;
  }

  /** Fetches the following page with the same filters; throws when `hasNextPage()` is false. */
  getNextPage(): Promise<Page<T>> {
    if (!this.#hasNext) return Promise.reject(new SdkError('No next page'));
    return this.#fetchPage(this.page + 1);
  }

  /** Yields this page and then each following page. */
  async *iterPages(): AsyncGenerator<Page<T>, void, undefined> {
    yield this;
    let next = this.#hasNext ? await this.getNextPage() : undefined;
    while (next) {
      yield next;
      next = next.hasNextPage() ? await next.getNextPage() : undefined;
    }
  }

  /** Yields every item of this page and the following pages. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.iterPages()) yield* page.items;
  }

  /** Collects items across pages, stopping after `limit` items (required, so a huge list cannot run away). */
  async toArray(options: { limit: number }): Promise<T[]> {
    const { limit } = options;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new ValidationError('toArray needs a positive integer limit', []);
    }
    const out: T[] = [];
    for await (const item of this) {
      out.push(item);
      if (out.length >= limit) break;
    }
    return out;
  }
}

/** Builds a `Page` from `data` of a list response: a bare array, the paged object, or null. */
export function toPage<T>(data: unknown, parseItem: (raw: unknown) => T, context: PageContext<T>): Page<T> {
  const { paging, page } = context;
  if (isRecord(data) && Array.isArray(data['items'])) {
    const items = data['items'].map(parseItem);
    const total = typeof data['total'] === 'number' ? data['total'] : undefined;
    const sentSize = data['page_size'];
    const pageSize = typeof sentSize === 'number' && sentSize > 0 ? sentSize : context.pageSize;
    const hasNext =
      items.length > 0 && (total === undefined ? items.length >= pageSize : page * pageSize < total);
    return new Page(items, total, hasNext, { ...context, pageSize });
  }
  const items = (Array.isArray(data) ? data : []).map(parseItem);
  if (paging.firstP === null) return new Page(items, undefined, false, context);
  const pageSize = legacyPageSize(paging, context.pageSize);
  return new Page(items, undefined, items.length >= pageSize, { ...context, pageSize });
}

function legacyPageSize(paging: ListPaging, sent: number): number {
  if (typeof paging.legacySize === 'number') return paging.legacySize;
  return paging.legacyMaxSize === undefined ? sent : Math.min(sent, paging.legacyMaxSize);
}

/**
 * What list methods return: await it for the first `Page`, or `for await` it to walk every item.
 */
export class PagePromise<T> implements Promise<Page<T>>, AsyncIterable<T> {
  readonly [Symbol.toStringTag] = 'PagePromise';
  readonly #promise: Promise<Page<T>>;

  constructor(promise: Promise<Page<T>>) {
    this.#promise = promise;
  }

  then<A = Page<T>, B = never>(
    onFulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#promise.then(onFulfilled, onRejected);
  }

  /** Like `Promise.prototype.catch`. */
  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<T> | B> {
    return this.#promise.catch(onRejected);
  }

  /** Like `Promise.prototype.finally`. */
  finally(onFinally?: (() => void) | null): Promise<Page<T>> {
    return this.#promise.finally(onFinally);
  }

  /** Collects items across pages, stopping after `limit` items. */
  async toArray(options: { limit: number }): Promise<T[]> {
    return (await this.#promise).toArray(options);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    yield* await this.#promise;
  }
}
