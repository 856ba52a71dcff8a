import type { MemberCard } from '../../context.ts';
import { useI18n } from '../i18n/i18n.tsx';

export function MemberCardView(props: { member: MemberCard; fictionalIcon: string; fictionalLabel: string }) {
  const { member, fictionalLabel } = props;
  const { t } = useI18n();
  return (
    <article className="member-card">
      {member.photo ? (
        <img src={member.photo.match} alt={member.name} width={480} height={600} loading="lazy" decoding="async" />
      ) : (
        <div className="member-card-nophoto" aria-hidden="true" />
      )}
      <div className="member-card-body">
        <h3>
          {member.name}, {t('members.age', { age: member.age })}
        </h3>
        {member.region || member.city ? <p>{member.city ?? member.region}</p> : null}
        {member.fictional ? (
          <p className="member-card-fictional" data-icon={props.fictionalIcon}>
            {fictionalLabel}
          </p>
        ) : null}
      </div>
    </article>
  );
}
