import { PROVIDER_SECTIONS, RATE_LIMIT_SECTION } from '../options/model-sections';
import { OPERATION_SECTIONS } from '../options/operation-sections';
import { OTHER_SECTIONS } from '../options/other-sections';
import type { SectionSpec } from '../options/section-spec';
import { SYSTEM_SECTIONS } from '../options/system-sections';

/** Every declarative section by id, for tests that render one at a time. */
export const SECTIONS_BY_ID: Record<string, SectionSpec> = Object.fromEntries(
  [
    ...Object.values(OPERATION_SECTIONS),
    RATE_LIMIT_SECTION,
    ...PROVIDER_SECTIONS,
    ...SYSTEM_SECTIONS,
    ...OTHER_SECTIONS,
  ].map((spec) => [spec.id, spec as SectionSpec]),
);
