import type { MemberProfile } from '@app/shared/profiles/member-profile';
import { countryRegions } from '@app/shared/sites/regions-data';
import { useI18n } from '../../lib/i18n.tsx';
import { FictionalLabel } from './member-card.tsx';

export type TargetMember = Pick<MemberProfile, 'id' | 'name' | 'age' | 'fictional' | 'living_area'> & {
  photo: string | null;
};

/** The public part of a profile that a targeted landing or signup shows: main photo only, never locked ones. */
export function toTargetMember(member: MemberProfile): TargetMember {
  const main = member.photos.find((photo) => photo.is_main && !photo.locked);
  return {
    id: member.id,
    name: member.name,
    age: member.age,
    fictional: member.fictional,
    living_area: member.living_area,
    photo: main?.match ?? null,
  };
}

function placeOf(member: TargetMember): string {
  const area = member.living_area;
  if (!area) return '';
  const region = area.region
    ? countryRegions[area.country]?.regions.find((candidate) => candidate.code === area.region)?.name
    : null;
  return [area.city, region].filter(Boolean).join(', ');
}

/** The member a targeted signup leads to, with the fictional label when the profile is fictional. */
export function TargetMemberCard(props: {
  member: TargetMember;
  fictionalIcon: string;
  fictionalLabel: string;
  large?: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useI18n();
  const { member } = props;
  const place = placeOf(member);
  return (
    <div className={`target-member${props.large ? ' target-member-large' : ''}`} data-testid="target-member">
      {member.photo ? (
        <img src={member.photo} alt={member.name} width={480} height={600} />
      ) : (
        <div className="member-card-nophoto" aria-hidden="true" />
      )}
      <div className="target-member-body">
        <p className="target-member-name">
          {member.name}
          {member.age ? `, ${t('members.age', { age: member.age })}` : ''}
        </p>
        {place ? <p className="text-body-secondary mb-1">{place}</p> : null}
        {member.fictional ? <FictionalLabel icon={props.fictionalIcon} label={props.fictionalLabel} /> : null}
        {props.children}
      </div>
    </div>
  );
}
