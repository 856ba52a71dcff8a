/** The closed value lists of a member profile (spec section 3). Labels live in the catalogs under `profile.<field>.<value>`. */
export const genders = ['male', 'female'] as const;
export const sexualities = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const relationshipStatuses = [
  'single',
  'in_relationship',
  'married',
  'divorced',
  'widowed',
  'separated',
] as const;
export const hairColours = ['blond', 'brown', 'black', 'red', 'grey', 'bald', 'dyed'] as const;
export const eyeColours = ['blue', 'brown', 'green', 'grey', 'hazel'] as const;
export const bodyTypes = ['slim', 'athletic', 'average', 'curvy', 'muscular', 'a_few_extra_kilos', 'large'] as const;
export const tattooOptions = ['none', 'one', 'some', 'many'] as const;
export const signupReasons = ['friendship', 'chat', 'dating', 'relationship', 'casual', 'adventure'] as const;

/** The personal details with a closed list, in the order forms and profile pages show them. */
export const personalFields = [
  ['gender', genders],
  ['sexuality', sexualities],
  ['relationship_status', relationshipStatuses],
  ['hair_colour', hairColours],
  ['eye_colour', eyeColours],
  ['body_type', bodyTypes],
  ['tattoos', tattooOptions],
  ['reason', signupReasons],
] as const;

export type Gender = (typeof genders)[number];
export type Sexuality = (typeof sexualities)[number];
export type RelationshipStatus = (typeof relationshipStatuses)[number];
export type HairColour = (typeof hairColours)[number];
export type EyeColour = (typeof eyeColours)[number];
export type BodyType = (typeof bodyTypes)[number];
export type Tattoos = (typeof tattooOptions)[number];
export type SignupReason = (typeof signupReasons)[number];

/** Profile fields a site can choose to show (`visible_profile_fields`). */
export const profileFieldKeys = [
  'age',
  'gender',
  'sexuality',
  'relationship_status',
  'hair_colour',
  'eye_colour',
  'body_type',
  'tattoos',
  'reason',
  'interests',
  'living_area',
  'about_me',
] as const;
export type ProfileFieldKey = (typeof profileFieldKeys)[number];

export const minimumMemberAge = 18;
export const maximumMemberAge = 99;
