import type { MemberCard } from '@app/shared/profiles/member-profile';
import type { ReactNode } from 'react';
import { PageLink } from '../../components/ui/page-link.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { LikeButton } from '../likes/like-button.tsx';
import { FictionalLabel } from './fictional-label.tsx';

/** How recently a member was active: online now (green) or a past time (neutral). */
interface MemberActivity {
  online: boolean;
  text: string;
}

export function MemberCardView(props: {
  member: MemberCard;
  fictionalIcon: string;
  fictionalLabel: string;
  /** Above the fold: load at once. */
  eager?: boolean;
  /** The first cards a phone shows: fetched with high priority, as the page's largest paint. */
  priority?: boolean;
  /** Online recency, e.g. "Nu online" or "Actief 2 uur geleden". */
  activity?: MemberActivity;
  /** Whether the viewer likes this member (the like button is filled). */
  liked?: boolean;
  /** More lines under the card's own (the match finder's reasons). */
  children?: ReactNode;
}) {
  const { member } = props;
  const { t } = useI18n();
  return (
    <article className="member-card" data-fictional={member.fictional ? 'true' : undefined}>
      <div className="member-card-photo">
        {member.photo ? (
          <img
            src={member.photo.match}
            alt={member.name}
            width={480}
            height={600}
            loading={props.eager ? 'eager' : 'lazy'}
            // The first cards are the page's largest paint on a phone: fetched before the scripts.
            fetchPriority={props.priority ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <div className="member-card-nophoto" aria-hidden="true" />
        )}
        {member.fictional ? (
          <FictionalLabel icon={props.fictionalIcon} label={props.fictionalLabel} className="member-card-fictional" />
        ) : null}
        <LikeButton
          variant="card"
          liked={props.liked ?? false}
          member={{ id: member.id, name: member.name, photo: member.photo?.match ?? null, fictional: member.fictional }}
        />
      </div>
      <div className="member-card-body">
        {/* Name and age wrap rather than being cut; the age breaks as a whole, after the comma. */}
        <h3>
          <PageLink className="stretched-link member-card-link" to={`/members/${member.id}`}>
            {member.name}
          </PageLink>
          , <span className="member-card-age">{t('members.age', { age: member.age })}</span>
        </h3>
        {member.city || member.region ? <p>{member.city ?? member.region}</p> : null}
        {props.activity ? (
          <p className={`member-card-activity${props.activity.online ? ' member-card-online' : ''}`}>
            {props.activity.text}
          </p>
        ) : null}
        {props.children}
      </div>
    </article>
  );
}
