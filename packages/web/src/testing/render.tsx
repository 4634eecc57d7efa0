import { StatusSchema, type Status } from '@switchboard/sdk';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Providers } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { statusKeys } from '../lib/status';

interface Options {
  /** The URL the screen is rendered at (path and query). */
  url?: string;
  /** Route pattern of the screen (defaults to the URL's path). */
  path?: string;
  /** Status fields; the rest take the SDK's defaults. No status call is made. */
  status?: Partial<Status>;
  /** Query results to pre-fill, so the screen renders without calling the server. */
  queries?: Array<[readonly unknown[], unknown]>;
}

/** Renders one screen with the console's providers, a memory router and a pre-filled status. */
export function renderScreen(
  element: ReactElement,
  { url = '/', path, status = {}, queries = [] }: Options = {},
): RenderResult {
  const client = createQueryClient();
  client.setQueryData(statusKeys.all, StatusSchema.parse(status));
  for (const [key, data] of queries) client.setQueryData(key, data);
  return render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path ?? url.split('?')[0]} element={element} />
          <Route path="*" element={<div data-testid="navigated" />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}
