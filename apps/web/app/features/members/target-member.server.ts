import type { MemberProfile } from '@app/shared/profiles/member-profile';
import { regionName } from '../../lib/regions.server.ts';
import type { TargetMember } from './target-member.tsx';

/** The public part of a profile that a targeted landing or signup shows: main photo only, never locked ones. */
export function toTargetMember(member: MemberProfile): TargetMember {
  const main = member.photos.find((photo) => photo.is_main && !photo.locked);
  return {
    id: member.id,
    name: member.name,
    age: member.age,
    fictional: member.fictional,
    photo: main?.match ?? null,
    place: placeOf(member.living_area),
  };
}

function placeOf(area: MemberProfile['living_area']): string {
  if (!area) return '';
  return [area.city, regionName(area.country, area.region)].filter(Boolean).join(', ');
}
