import type { MemberProfile } from '@app/shared/profiles/member-profile';
import { useI18n } from '../../lib/i18n.tsx';
import { FictionalLabel } from './fictional-label.tsx';

export type TargetMember = Pick<MemberProfile, 'id' | 'name' | 'age' | 'fictional'> & {
  photo: string | null;
  /** Where the member lives: town and region, as the card shows it. */
  place: string;
};

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
  const { place } = member;
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
