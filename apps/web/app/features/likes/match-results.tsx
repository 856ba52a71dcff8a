import type { ErrorCode } from '@app/shared/errors/error-codes';
import type { BestMatch } from '@app/shared/likes/match-finder';
import { Link } from 'react-router';
import { useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { MemberCardView } from '../members/member-card.tsx';

/** Why a member is among the matches: the interests both enjoy, and how near they live. */
function MatchReason({ reason }: { reason: BestMatch['reason'] }) {
  const { t } = useI18n();
  const names = reason.interests.map((key) => t(`interests.${key}`)).join(', ');
  const near =
    reason.distance_km !== null
      ? t('match_finder.reason_distance', { km: reason.distance_km })
      : reason.same_region
        ? t('match_finder.reason_region')
        : null;
  return (
    <>
      {names ? <p className="match-reason">{t('match_finder.reason_interests', { interests: names })}</p> : null}
      {near ? <p className="match-reason-near">{near}</p> : null}
    </>
  );
}

/** The best matches as cards, best first, each with its like button (filled when liked) and its reasons. */
export function MatchResults(props: {
  matches: BestMatch[];
  fictionalIcon: string;
  fictionalLabel: string;
  /** A like refused after a plain post from a card. */
  likeError: ErrorCode | null;
}) {
  const { t } = useI18n();
  const likeErrors = useFormErrorTexts(props.likeError ? { form: { code: props.likeError } } : undefined);
  return (
    <>
      <div className="match-results-header">
        <div>
          <h1 className="h3 mb-1">{t('match_finder.results_title')}</h1>
          <p className="text-body-secondary mb-0">{t('match_finder.results_intro')}</p>
        </div>
        <Link className="btn btn-outline-primary" to="/match-finder" data-testid="match-finder-change">
          {t('match_finder.change_answers')}
        </Link>
      </div>
      {likeErrors.form ? (
        <div className="alert alert-danger" role="alert">
          {likeErrors.form}
        </div>
      ) : null}
      {props.matches.length ? (
        <ul className="member-grid" data-testid="match-results">
          {props.matches.map((match, index) => (
            <li key={match.member.id} data-testid="match-result">
              <MemberCardView
                member={match.member}
                eager={index < 6}
                priority={index < 2}
                fictionalIcon={props.fictionalIcon}
                fictionalLabel={props.fictionalLabel}
                liked={match.liked}
              >
                <MatchReason reason={match.reason} />
              </MemberCardView>
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="match-results-empty">{t('match_finder.results_empty')}</p>
      )}
    </>
  );
}
