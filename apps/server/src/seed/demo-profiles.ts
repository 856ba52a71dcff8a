import { interestKeys } from '@app/shared/profiles/interests';
import {
  bodyTypes,
  eyeColours,
  hairColours,
  type relationshipStatuses,
  signupReasons,
  tattooOptions,
} from '@app/shared/profiles/profile-fields';
import { countryRegions } from '@app/shared/sites/regions-data';
import { aboutMe, type ContentLanguage, cities, firstNames, nicknameSuffixes } from './demo-content.ts';
import type { Random } from './random.ts';

export interface DemoProfile {
  name: string;
  fictional: boolean;
  birthDate: string;
  gender: 'male' | 'female';
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
  relationshipStatus: string;
  hairColour: string;
  eyeColour: string;
  bodyType: string;
  tattoos: string;
  reason: string;
  interests: string[];
  country: string;
  region: string;
  city: string;
  aboutMe: string;
  aboutMeLanguage: ContentLanguage;
  photoCount: number;
  /** Only for drawing the demo portraits. */
  skinTone: number;
  lastActiveAt: Date;
  createdAt: Date;
}

const countryShare: [string, number][] = [
  ['NL', 0.6],
  ['BE', 0.25],
  ['DE', 0.15],
];
const walloon = new Set(['BE-WHT', 'BE-WLG', 'BE-WLX', 'BE-WNA', 'BE-WBR']);

function pickWeighted<T>(random: Random, entries: [T, number][]): T {
  let roll = random.next();
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

function languageFor(random: Random, country: string, region: string): ContentLanguage {
  if (country === 'DE') return 'de';
  if (country === 'BE') return walloon.has(region) || (region === 'BE-BRU' && random.chance(0.7)) ? 'fr' : 'nl';
  return 'nl';
}

function birthDateFor(random: Random, now: Date): string {
  // Most members are between 25 and 55; some younger and older.
  const age = pickWeighted(random, [
    [random.int(18, 24), 0.15],
    [random.int(25, 39), 0.4],
    [random.int(40, 55), 0.32],
    [random.int(56, 72), 0.13],
  ]);
  const birth = new Date(Date.UTC(now.getUTCFullYear() - age - 1, 0, 1) + random.int(1, 364) * 86_400_000);
  return birth.toISOString().slice(0, 10);
}

function aboutText(random: Random, language: ContentLanguage): string {
  const parts = aboutMe[language];
  const middles = random.sample(parts.middles, random.int(1, 2));
  return [random.pick(parts.openings), ...middles, random.pick(parts.wishes), random.pick(parts.closings)].join(' ');
}

/** One plausible member profile; the same random state gives the same profile. */
export function createDemoProfile(random: Random, now: Date): DemoProfile {
  const country = pickWeighted(random, countryShare);
  const region = random.pick(countryRegions[country]!.regions).code;
  const language = languageFor(random, country, region);
  const gender = random.chance(0.55) ? 'female' : 'male';
  const first = random.pick(firstNames[language][gender]);
  const name = random.chance(0.4) ? `${first}${random.pick(nicknameSuffixes)}` : first;
  const sexuality = pickWeighted<DemoProfile['sexuality']>(random, [
    ['hetero', 0.8],
    ['bi', 0.12],
    [gender === 'male' ? 'gay' : 'lesbian', 0.08],
  ]);
  const createdAt = new Date(now.getTime() - random.int(1, 700) * 86_400_000);
  const lastActiveAt = new Date(
    Math.max(createdAt.getTime(), now.getTime() - Math.floor(random.next() ** 3 * 30 * 86_400_000)),
  );
  return {
    name: name.slice(0, 40),
    fictional: random.chance(0.2),
    birthDate: birthDateFor(random, now),
    gender,
    sexuality,
    relationshipStatus: pickWeighted(random, [
      ['single', 0.55],
      ['divorced', 0.18],
      ['in_relationship', 0.08],
      ['married', 0.07],
      ['separated', 0.07],
      ['widowed', 0.05],
    ] satisfies [(typeof relationshipStatuses)[number], number][]),
    hairColour: random.pick(gender === 'male' ? hairColours : hairColours.filter((colour) => colour !== 'bald')),
    eyeColour: random.pick(eyeColours),
    bodyType: random.pick(bodyTypes),
    tattoos: pickWeighted(random, [
      [tattooOptions[0], 0.5],
      [tattooOptions[1], 0.2],
      [tattooOptions[2], 0.2],
      [tattooOptions[3], 0.1],
    ]),
    reason: random.pick(signupReasons),
    interests: random.sample(interestKeys, random.int(3, 8)),
    country,
    region,
    city: random.pick(cities[region] ?? [countryRegions[country]!.regions.find((r) => r.code === region)!.name]),
    aboutMe: aboutText(random, language),
    aboutMeLanguage: language,
    photoCount: random.int(1, 6),
    skinTone: random.int(0, 5),
    lastActiveAt,
    createdAt,
  };
}
