import { useQuery } from '@tanstack/react-query';
import { gstinStateCode } from '@capstan/shared';
import { siteSettingsQuery } from '@/lib/site-settings';

/**
 * The seller's state for GST: the company GSTIN's first two digits (decision 075). Read from the
 * site settings every page has (`GET /api/site` carries the GSTIN: it is printed in the footer),
 * because `GET /api/admin/site` needs site.content, which sales, who quote, do not have.
 */
export function useSellerState() {
  const site = useQuery(siteSettingsQuery);
  return {
    ...site,
    data: site.data === undefined ? undefined : { state: gstinStateCode(site.data.company.gstin ?? '') },
  };
}
