import type { DayHours, PublicCompanySettings } from './schemas/site';

/*
 * The site settings' helpers that public pages use (links, hours as printed, social links), apart
 * from the settings' zod schemas: a page that formats the hours must not load the schema library.
 */

/** The dialable form for a `tel:` link: '+' and the digits. */
export function telOf(number: string): string {
  return `+${number.replace(/\D/g, '')}`;
}

/** A wa.me link that opens a chat with `number` and a prefilled message. */
export function whatsappLink(number: string, message: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}

export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

const formatClock = (time: string): string => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
};

/** Consecutive days with the same hours, for printing and for schema.org. */
export function groupOpeningHours(
  hours: readonly DayHours[],
): { days: WeekDay[]; closed: boolean; opens: string; closes: string }[] {
  const groups: { days: WeekDay[]; closed: boolean; opens: string; closes: string }[] = [];
  for (const day of hours) {
    const last = groups[groups.length - 1];
    const sameAsLast =
      last !== undefined &&
      last.closed === day.closed &&
      (day.closed || (last.opens === day.opens && last.closes === day.closes));
    if (sameAsLast) last.days.push(day.day);
    else groups.push({ days: [day.day], closed: day.closed, opens: day.opens, closes: day.closes });
  }
  return groups;
}

/** The hours as printed (SPEC §9: 'Monday to Saturday 9:00 AM to 8:00 PM'). */
export function formatOpeningHours(hours: readonly DayHours[]): string[] {
  return groupOpeningHours(hours).map((group) => {
    const first = group.days[0];
    const last = group.days[group.days.length - 1];
    const days =
      group.days.length === 1 ? first : group.days.length === 2 ? `${first} and ${last}` : `${first} to ${last}`;
    return group.closed ? `${days} closed` : `${days} ${formatClock(group.opens)} to ${formatClock(group.closes)}`;
  });
}

/** The social links that are set, in a fixed order, for the footer and schema.org `sameAs`. */
export function socialLinksOf(
  social: PublicCompanySettings['social'],
): { network: SocialNetwork; label: string; href: string }[] {
  return SOCIAL_NETWORKS.filter((network) => social[network] !== '').map((network) => ({
    network,
    label: SOCIAL_NETWORK_LABELS[network],
    href: social[network],
  }));
}
