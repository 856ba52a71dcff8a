import type { CoolOffPeriod } from '@app/shared/credits/spend-limits';
import type { SpendProtection } from '@app/shared/credits/spend-protection';
import { findDateTimeFormat, findNumberFormat } from '@app/shared/i18n/intl-formats';
import { localeInfo } from '@app/shared/i18n/locales';
import { Form, Link } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { StatusLine, useSettingsForm } from '../accounts/settings-sections.tsx';

export interface CoolOffChoice {
  period: CoolOffPeriod;
  /** When the cool-off would end if started now. */
  until: string;
}

/**
 * Amounts and times as the member reads them: money in their language (limits are whole amounts: € 500, not € 500,00),
 * times on the site's clock.
 */
function useSpendFormats(currency: string) {
  const { locale } = useI18n();
  const { settings } = useRootData();
  const iso = localeInfo[locale].iso;
  const timeZone = settings.time_zone;
  const money = findNumberFormat(iso, { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' });
  return {
    money: (amount: number) => money.format(amount),
    moment: (instant: string) =>
      findDateTimeFormat(iso, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(instant)),
    day: (instant: string) => findDateTimeFormat(iso, { dateStyle: 'long', timeZone }).format(new Date(instant)),
    /** The currency's sign (€, zł), for the field's label. */
    sign: money.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency,
  };
}

/** What the limit waiting for its 24 hours will be, in a sentence. */
function PendingLimit(props: { protection: SpendProtection }) {
  const { t } = useI18n();
  const { fetcher, busy } = useSettingsForm('spend_limit');
  const { protection } = props;
  const format = useSpendFormats(protection.currency);
  const pending = protection.pending_limit;
  if (!pending) return null;
  const date = format.moment(pending.from);
  const text =
    pending.monthly_limit === null
      ? t('spend_protection.pending_no_limit', { date })
      : pending.own_limit === null
        ? t('spend_protection.pending_default', { date, amount: format.money(pending.monthly_limit) })
        : t('spend_protection.pending_raise', { date, amount: format.money(pending.monthly_limit) });
  return (
    <div className="alert alert-info small" data-testid="spend-pending">
      <p className="mb-2">{text}</p>
      {/* Asking for the limit that counts now is no raise: it counts at once and the waiting one is dropped. */}
      <fetcher.Form method="post" action="/settings">
        <input type="hidden" name="intent" value="spend_limit" />
        <input type="hidden" name="monthly_limit" value={protection.own_limit ?? 'none'} />
        <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>
          {t('spend_protection.cancel_raise')}
        </button>
      </fetcher.Form>
    </div>
  );
}

function LimitOverview(props: { protection: SpendProtection }) {
  const { t } = useI18n();
  const { settings } = useRootData();
  const { protection } = props;
  const format = useSpendFormats(protection.currency);
  const limit = protection.monthly_limit;
  const limitText =
    limit === null
      ? t('spend_protection.limit_none')
      : t('spend_protection.limit_own', { amount: format.money(limit) });
  return (
    <>
      <dl className="spend-overview">
        <div>
          <dt>{t('spend_protection.limit_label')}</dt>
          <dd data-testid="spend-limit">
            {limitText}
            {limit !== null && protection.own_limit === null ? (
              <span className="d-block small fw-normal text-body-secondary">
                {t('spend_protection.limit_default', { site: settings.name })}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('spend_protection.spent_label')}</dt>
          <dd data-testid="spend-spent">{format.money(protection.spent_this_month)}</dd>
        </div>
        {protection.left_this_month === null ? null : (
          <div>
            <dt>{t('spend_protection.left_label')}</dt>
            <dd data-testid="spend-left">{format.money(protection.left_this_month)}</dd>
          </div>
        )}
      </dl>
      {limit === null || limit === 0 ? null : (
        <meter
          className="spend-meter"
          min={0}
          max={limit}
          low={limit * 0.75}
          high={limit * 0.9}
          optimum={0}
          value={Math.min(protection.spent_this_month, limit)}
          aria-label={t('spend_protection.meter_label')}
        />
      )}
      <p className="small text-body-secondary mt-2">
        {t('spend_protection.month_resets', { date: format.day(protection.month_ends) })}
      </p>
    </>
  );
}

function LimitForm(props: { protection: SpendProtection }) {
  const { t } = useI18n();
  const { protection } = props;
  const format = useSpendFormats(protection.currency);
  const { fetcher, errors, saved, busy } = useSettingsForm('spend_limit');
  const pendingFrom = protection.pending_limit?.from;
  const savedText = saved
    ? pendingFrom
      ? t('spend_protection.saved_later', { date: format.moment(pendingFrom) })
      : t('spend_protection.saved_now')
    : undefined;
  // Dropping the own limit: back to the site's default, or no limit where the site has none.
  const canDrop = protection.own_limit !== null && protection.pending_limit?.own_limit !== null;
  return (
    <>
      <fetcher.Form method="post" action="/settings" noValidate key={saved ? 'saved' : 'open'}>
        <input type="hidden" name="intent" value="spend_limit" />
        <FormField
          id="spend-limit-input"
          label={t('spend_protection.new_limit', { sign: format.sign })}
          error={errors.monthly_limit}
          help={t('spend_protection.new_limit_help')}
        >
          {(control) => <input {...control} name="monthly_limit" type="text" inputMode="numeric" autoComplete="off" />}
        </FormField>
        <button type="submit" className="btn btn-outline-primary" disabled={busy}>
          {t('spend_protection.save_limit')}
        </button>
        <StatusLine
          tone={errors.form ? 'danger' : 'success'}
          text={errors.form ?? savedText}
          testId="spend-limit-status"
        />
      </fetcher.Form>
      {canDrop ? (
        <fetcher.Form method="post" action="/settings" className="mt-2">
          <input type="hidden" name="intent" value="spend_limit" />
          <input type="hidden" name="monthly_limit" value="none" />
          <button type="submit" className="btn btn-link p-0" disabled={busy}>
            {protection.default_limit === null
              ? t('spend_protection.drop_limit')
              : t('spend_protection.use_default', { amount: format.money(protection.default_limit) })}
          </button>
        </fetcher.Form>
      ) : null}
    </>
  );
}

/**
 * The cool-off: a period is chosen with a plain GET of /settings (`?cool_off=`), which shows what it means and asks
 * to confirm; only the confirmation posts. Works the same with and without JavaScript.
 */
function CoolOff(props: { protection: SpendProtection; choices: CoolOffChoice[]; chosen: CoolOffChoice | null }) {
  const { t } = useI18n();
  const { protection, choices } = props;
  const format = useSpendFormats(protection.currency);
  const { fetcher, answer, errors, saved, busy } = useSettingsForm('cool_off');
  // The action's answer is newer than the page's data until the page has loaded again.
  const running = answer?.spendProtection?.cool_off_until ?? protection.cool_off_until;
  const chosen = saved ? null : props.chosen;
  return (
    <div className="mt-4" id="cool-off">
      <h3 className="h6">{t('spend_protection.cool_off_title')}</h3>
      <p className="small">{t('spend_protection.cool_off_intro')}</p>
      {running ? (
        <p className="alert alert-warning small" data-testid="cool-off-running">
          {t('spend_protection.cool_off_running', { date: format.moment(running) })}
        </p>
      ) : null}
      {chosen ? (
        <div className="alert alert-danger" id="cool-off-confirm" data-testid="cool-off-confirm">
          <h4 className="h6">{t('spend_protection.cool_off_confirm_title')}</h4>
          <p className="small">{t('spend_protection.cool_off_confirm', { date: format.moment(chosen.until) })}</p>
          <fetcher.Form method="post" action="/settings" className="d-flex flex-wrap gap-2 align-items-center">
            <input type="hidden" name="intent" value="cool_off" />
            <input type="hidden" name="cool_off" value={chosen.period} />
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {running ? t('spend_protection.cool_off_extend_button') : t('spend_protection.cool_off_start_button')}
            </button>
            <Link to="/settings#cool-off" className="btn btn-link" preventScrollReset>
              {t('spend_protection.cancel')}
            </Link>
          </fetcher.Form>
          <StatusLine tone="danger" text={errors.form ?? errors.cool_off} />
        </div>
      ) : choices.length > 0 ? (
        <Form method="get" action="/settings#cool-off-confirm" preventScrollReset>
          <fieldset className="mb-2">
            <legend className="form-label fs-6">
              {running ? t('spend_protection.cool_off_extend') : t('spend_protection.cool_off_choose')}
            </legend>
            {choices.map((choice, index) => (
              <div className="form-check" key={choice.period}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="cool_off"
                  id={`cool-off-${choice.period}`}
                  value={choice.period}
                  defaultChecked={index === 0}
                />
                <label className="form-check-label" htmlFor={`cool-off-${choice.period}`}>
                  {t(`spend_protection.periods.${choice.period}`)}
                </label>
              </div>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-outline-danger">
            {t('spend_protection.cool_off_next')}
          </button>
        </Form>
      ) : null}
      <StatusLine
        tone="success"
        text={saved && running ? t('spend_protection.cool_off_saved', { date: format.moment(running) }) : undefined}
        testId="cool-off-status"
      />
    </div>
  );
}

/**
 * "Uitgaven beschermen" on /settings: the monthly limit (own or the site's), a raise waiting for its 24 hours, what
 * was spent this month, a new limit, and the cool-off.
 */
export function SpendProtectionSection(props: {
  protection: SpendProtection;
  coolOffChoices: CoolOffChoice[];
  chosenCoolOff: CoolOffChoice | null;
}) {
  const { t } = useI18n();
  return (
    <section className="card mb-3 settings-section" id="spend-protection" aria-labelledby="settings-spend-protection">
      <div className="card-body">
        <h2 className="h5" id="settings-spend-protection">
          {t('spend_protection.title')}
        </h2>
        <p className="small text-body-secondary">{t('spend_protection.intro')}</p>
        <LimitOverview protection={props.protection} />
        <PendingLimit protection={props.protection} />
        <LimitForm protection={props.protection} />
        <CoolOff protection={props.protection} choices={props.coolOffChoices} chosen={props.chosenCoolOff} />
      </div>
    </section>
  );
}
