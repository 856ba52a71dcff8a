import { defineModule } from '../../lib/define-module.ts';
import { type CityIndex, sharedCityIndex } from './city-index.ts';
import { registerGeocodeRoutes } from './geocode.routes.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    geo: { cities: () => CityIndex };
  }
}

/** Geo: places by name or coordinates, from the city list shipped with the project. */
export const geoModule = defineModule({
  name: 'geo',
  services: () => ({ cities: sharedCityIndex }),
  routes: (scope, { cities }) => registerGeocodeRoutes(scope, cities),
});
