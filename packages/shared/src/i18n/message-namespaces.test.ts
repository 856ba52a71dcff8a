import { describe, expect, it } from 'vitest';
import { messageFilePath, namespaceOf, readMessageFileParts } from './message-namespaces.ts';

describe('message files', () => {
  it('have one address per set: sorted, each namespace once', () => {
    expect(messageFilePath('3f2a', 'nl', ['profile', 'members', 'geo', 'members'])).toBe(
      '/locales/3f2a/nl/geo+members+profile.json',
    );
  });

  it('read back the address they write', () => {
    expect(readMessageFileParts('3f2a', 'de', 'geo+members.json')).toEqual({
      version: '3f2a',
      locale: 'de',
      namespaces: ['geo', 'members'],
    });
  });

  it('refuse any other spelling, server namespaces and unknown parts', () => {
    expect(readMessageFileParts('3f2a', 'nl', 'members+geo.json')).toBeNull();
    expect(readMessageFileParts('3f2a', 'nl', 'geo+geo.json')).toBeNull();
    expect(readMessageFileParts('3f2a', 'nl', 'mail.json')).toBeNull();
    expect(readMessageFileParts('3f2a', 'nl', 'legal.json')).toBeNull();
    expect(readMessageFileParts('3f2a', 'nl', 'nope.json')).toBeNull();
    expect(readMessageFileParts('3f2a', 'nl', 'geo')).toBeNull();
    expect(readMessageFileParts('3f2a', 'xx', 'geo.json')).toBeNull();
    expect(readMessageFileParts('../etc', 'nl', 'geo.json')).toBeNull();
    expect(readMessageFileParts('3f2a', 'nl', '.json')).toBeNull();
  });

  it('take the namespace from the start of a key', () => {
    expect(namespaceOf('members.title')).toBe('members');
    expect(namespaceOf('profile.gender.male')).toBe('profile');
    expect(namespaceOf('plain')).toBe('plain');
  });
});
