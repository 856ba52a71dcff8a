import type { GeocodeResponse, GeocodeResult } from '@app/shared/sites/geocode';
import { useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useApiErrorText } from '../../lib/use-api-error-text.ts';

const cacheKey = 'geocode';
const cacheAgeMs = 3_600_000;

class LocationError extends Error {
  readonly reason: 'denied' | 'unavailable' | 'not_found';
  constructor(reason: 'denied' | 'unavailable' | 'not_found') {
    super(reason);
    this.reason = reason;
  }
}

function readCachedPlace(): GeocodeResult | null {
  try {
    const cached = JSON.parse(localStorage.getItem(cacheKey) ?? 'null') as { at: number; place: GeocodeResult } | null;
    return cached && Date.now() - cached.at < cacheAgeMs ? cached.place : null;
  } catch {
    return null;
  }
}

function askPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new LocationError('unavailable'));
    navigator.geolocation.getCurrentPosition(resolve, (failure) =>
      reject(new LocationError(failure.code === failure.PERMISSION_DENIED ? 'denied' : 'unavailable')),
    );
  });
}

/**
 * The member's place from the browser's position, asked only when they press the button. The answer is kept
 * for an hour; coordinates are rounded to about 100 m before they leave the browser.
 */
async function findMyPlace(): Promise<GeocodeResult> {
  const cached = readCachedPlace();
  if (cached) return cached;
  const position = await askPosition();
  const lat = position.coords.latitude.toFixed(3);
  const lon = position.coords.longitude.toFixed(3);
  const place = await apiRequest<GeocodeResponse>('GET', `/api/geocode.php?lat=${lat}&lon=${lon}`);
  if (!place) throw new LocationError('not_found');
  try {
    localStorage.setItem(cacheKey, JSON.stringify({ at: Date.now(), place }));
  } catch {
    // Private mode: asked again next time.
  }
  return place;
}

/** A button that finds the member's place and hands it on when it lies in one of the site's countries. */
export function LocateButton(props: {
  label: string;
  onPlace(place: GeocodeResult): void;
  className?: string;
  buttonClassName?: string;
}) {
  const { t } = useI18n();
  const { settings } = useRootData();
  const errorText = useApiErrorText();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function locate() {
    setBusy(true);
    setProblem(null);
    try {
      const place = await findMyPlace();
      if (settings.countries.includes(place.country)) props.onPlace(place);
      else setProblem(t('geo.outside', { site: settings.name }));
    } catch (failure) {
      setProblem(failure instanceof LocationError ? t(`geo.${failure.reason}`) : errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={props.className}>
      <button
        type="button"
        className={props.buttonClassName ?? 'btn btn-outline-secondary btn-sm'}
        onClick={locate}
        disabled={busy}
      >
        {busy ? t('geo.locating') : props.label}
      </button>
      {problem ? (
        <p className="small text-danger mt-1 mb-0" role="alert" data-testid="geo-problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
