import { type ReactNode, useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { loadOnFocus } from '../../lib/form.ts';
import { useI18n } from '../../lib/i18n.tsx';

/** What the questionnaire offers: the choices come from the loader, so that the page carries no zod. */
export interface MatchFinderChoices {
  genders: readonly string[];
  places: readonly string[];
  /** The site's interests. */
  interests: readonly string[];
  maxInterests: number;
  /** The member's own region's name and town (null when their profile has none). */
  regionName: string | null;
  city: string | null;
}

/** The form's values as they show: the saved answers (MatchFinderAnswers), or what a refused post sent. */
export interface MatchFinderValues {
  gender?: string;
  min_age?: number | string;
  max_age?: number | string;
  place?: string;
  interests?: readonly string[];
}

/** One question: a fieldset whose legend asks it and whose error is read with its controls. */
function Question(props: {
  id: string;
  question: string;
  help?: string;
  /** The help says how to answer (a limit): read before the choices. */
  helpFirst?: boolean;
  error?: string;
  children: ReactNode;
}) {
  const describedBy = [props.help ? `${props.id}-help` : null, props.error ? `${props.id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className="match-finder-question" aria-describedby={describedBy || undefined}>
      <legend className="h6">{props.question}</legend>
      {props.help && props.helpFirst ? (
        <p className="form-text match-finder-help-first" id={`${props.id}-help`}>
          {props.help}
        </p>
      ) : null}
      {props.children}
      {props.help && !props.helpFirst ? (
        <p className="form-text mb-0" id={`${props.id}-help`}>
          {props.help}
        </p>
      ) : null}
      {props.error ? (
        <p className="invalid-feedback d-block mb-0" id={`${props.id}-error`}>
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The match finder's questionnaire as one form: whom, how old, where, and up to five interests. It posts to the
 * page's action without script; once hydrated the route's clientAction checks it first. Checked, a fifth interest
 * holds the others back, so that a sixth cannot be ticked.
 */
export function MatchFinderForm(props: {
  values: MatchFinderValues;
  choices: MatchFinderChoices;
  errors: Partial<Record<string, string>>;
  loadSchema: () => Promise<unknown>;
}) {
  const { t } = useI18n();
  const { values, choices, errors } = props;
  const sending = useNavigation().state === 'submitting';
  const [chosen, setChosen] = useState(() => new Set<string>(values.interests ?? []));
  // Only a live page holds boxes back: without script every box stays open and the action counts.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const full = live && chosen.size >= choices.maxInterests;
  const placeLabel = (place: string) => {
    if (place === 'region') {
      return choices.regionName
        ? t('match_finder.place_region_named', { region: choices.regionName })
        : t('match_finder.place_region');
    }
    return place === 'any' ? t('match_finder.place_any') : t('match_finder.place_km', { km: place });
  };

  return (
    <Form
      method="post"
      noValidate
      className="match-finder-form"
      data-testid="match-finder-form"
      onFocus={loadOnFocus(props.loadSchema)}
    >
      {errors.form ? (
        <div className="alert alert-danger" role="alert">
          {errors.form}
        </div>
      ) : null}
      <Question id="match-gender" question={t('match_finder.gender_question')} error={errors.gender}>
        <div className="interest-choices">
          {choices.genders.map((gender) => (
            <label key={gender} className="interest-choice">
              <input type="radio" name="gender" value={gender} defaultChecked={values.gender === gender} />
              <span>{t(`match_finder.gender.${gender}`)}</span>
            </label>
          ))}
        </div>
      </Question>
      <Question
        id="match-age"
        question={t('match_finder.age_question')}
        help={t('match_finder.age_help')}
        error={errors.min_age ?? errors.max_age}
      >
        <div className="match-finder-ages">
          <AgeInput
            name="min_age"
            label={t('match_finder.min_age')}
            invalid={!!errors.min_age}
            value={values.min_age}
          />
          <AgeInput
            name="max_age"
            label={t('match_finder.max_age')}
            invalid={!!errors.max_age}
            value={values.max_age}
          />
        </div>
      </Question>
      <Question
        id="match-place"
        question={t('match_finder.place_question')}
        help={choices.city ? t('match_finder.place_help', { city: choices.city }) : undefined}
        error={errors.place}
      >
        <div className="interest-choices">
          {choices.places.map((place) => (
            <label key={place} className="interest-choice">
              <input type="radio" name="place" value={place} defaultChecked={values.place === place} />
              <span>{placeLabel(place)}</span>
            </label>
          ))}
        </div>
      </Question>
      <Question
        id="match-interests"
        question={t('match_finder.interests_question')}
        help={t('match_finder.interests_help', { max: choices.maxInterests })}
        helpFirst
        error={errors.interests}
      >
        <div
          className="interest-choices"
          onChange={(event) => {
            // Read from the boxes themselves: ticks made before the page came alive count too.
            const ticked = event.currentTarget.querySelectorAll<HTMLInputElement>('input:checked');
            setChosen(new Set(Array.from(ticked, (box) => box.value)));
          }}
        >
          {choices.interests.map((key) => (
            <label key={key} className="interest-choice">
              <input
                type="checkbox"
                name="interests"
                value={key}
                defaultChecked={values.interests?.includes(key)}
                disabled={full && !chosen.has(key)}
              />
              <span>{t(`interests.${key}`)}</span>
            </label>
          ))}
        </div>
      </Question>
      <button type="submit" className="btn btn-primary btn-lg" disabled={sending} data-testid="match-finder-submit">
        {sending ? t('common.sending') : t('match_finder.submit')}
      </button>
    </Form>
  );
}

/** One bound of the age range: a number from 18 to 99. */
function AgeInput(props: {
  name: 'min_age' | 'max_age';
  label: string;
  invalid: boolean;
  value: number | string | undefined;
}) {
  const id = props.name === 'min_age' ? 'match-min-age' : 'match-max-age';
  return (
    <div>
      <label className="form-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className={`form-control${props.invalid ? ' is-invalid' : ''}`}
        type="number"
        inputMode="numeric"
        name={props.name}
        min={18}
        max={99}
        defaultValue={props.value}
      />
    </div>
  );
}
