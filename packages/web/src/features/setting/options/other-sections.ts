import type { SectionSpec } from './section-spec';

const messages = (id: string) => ({
  saved: `options.messages.${id}Saved`,
  failed: `options.messages.${id}Failed`,
});

/** The other tab: site content, each saved on its own with its own success and failure message (spec §8). */
export const OTHER_SECTIONS = [
  {
    id: 'notice',
    messages: messages('notice'),
    fields: [{ key: 'Notice', kind: 'textarea', help: true, rows: 4 }],
  },
  { id: 'systemName', messages: messages('systemName'), fields: [{ key: 'SystemName', kind: 'text' }] },
  { id: 'logo', messages: messages('logo'), fields: [{ key: 'Logo', kind: 'text', help: true }] },
  {
    id: 'homePage',
    messages: messages('homePage'),
    fields: [{ key: 'HomePageContent', kind: 'textarea', help: true, rows: 6 }],
  },
  {
    id: 'about',
    messages: messages('about'),
    fields: [{ key: 'About', kind: 'textarea', help: true, rows: 6 }],
  },
  {
    id: 'footer',
    note: true,
    messages: messages('footer'),
    fields: [{ key: 'Footer', kind: 'textarea', help: true, rows: 3 }],
  },
] satisfies SectionSpec[];
