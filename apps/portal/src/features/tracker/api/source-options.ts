import { type CommitteeOption, MEMBER_PATHS, type TenantConfig, TRACKER_PATHS } from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

/** What a source tracker's dropdown offers: the value the server stores and the label people read. */
export type SourceOption = { value: string; label: string };

type IndustryArea = { marketing_code: string; code_name: string };

export const sourceOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** spec §3 "Committee options" (Designation, Title) from the member service, `Result` field (§7). */
    listCommittees: build.query<SourceOption[], void>({
      query: () => ({
        service: 'member-uri',
        url: MEMBER_PATHS.committees,
        method: 'GET',
        // spec §7: S-Origin = the org's domain, i.e. the store's host this page was served from.
        headers: { 'S-Origin': window.location.host },
      }),
      transformResponse: (body: { Result?: CommitteeOption[] } | undefined) =>
        (body?.Result ?? []).map((c) => ({ value: c.Designation, label: `${c.Designation} – ${c.Title}` })),
    }),

    /** spec §3 "Industry options" (marketing_code, code_name). */
    listIndustryAreas: build.query<SourceOption[], void>({
      query: () => ({ service: 'tracker-uri', url: TRACKER_PATHS.industryAreas, method: 'GET' }),
      transformResponse: (body: Envelope<IndustryArea[]>) =>
        envelopeValue(body, []).map((a) => ({ value: a.marketing_code, label: a.code_name })),
    }),
  }),
});

export const { useListCommitteesQuery, useListIndustryAreasQuery } = sourceOptionsApi;

/** spec §3 "Publisher options come from trackerSetting.publisher_list … de-duplicated by name" (first wins). */
export function publisherOptions(list: TenantConfig['trackerSetting']['publisher_list']): SourceOption[] {
  const seen = new Set<string>();
  const out: SourceOption[] = [];
  for (const p of list) {
    const key = p.name.trim().toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ value: p.code, label: p.name });
  }
  return out;
}
