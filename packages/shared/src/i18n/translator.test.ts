import { describe, expect, it } from 'vitest';
import { messageArguments } from './message-arguments.ts';
import { createTranslator, flattenCatalog } from './translator.ts';

describe('translator', () => {
  it('flattens nested catalogs into dotted keys', () => {
    expect(flattenCatalog({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })).toEqual({ 'a.b': 'x', 'a.c.d': 'y', e: 'z' });
  });
  it('formats ICU arguments and plurals', () => {
    const t = createTranslator('pl', { age: '{age, plural, one {# rok} few {# lata} many {# lat} other {# roku}}' });
    expect(t('age', { age: 22 })).toBe('22 lata');
    expect(t('age', { age: 25 })).toBe('25 lat');
  });
  it('falls back to the source catalog, then to the key', () => {
    const t = createTranslator('en', { a: 'A' }, { a: 'nl-A', b: 'nl-B' });
    expect(t('a')).toBe('A');
    expect(t('b')).toBe('nl-B');
    expect(t('c')).toBe('c');
  });
  it('lists the arguments a message uses', () => {
    expect(messageArguments('Hi {name}, {count, plural, one {# x} other {# y}} {name}')).toEqual(['count', 'name']);
    expect(messageArguments('{gender, select, female {{name} en zij} other {{ name }}} op {day, date, short}')).toEqual(
      ['day', 'gender', 'name'],
    );
  });
  it('takes no branch text, quoted brace or tag for an argument', () => {
    expect(messageArguments('{count, plural, one {foto} other {fotos}}')).toEqual(['count']);
    expect(messageArguments("Typ '{name}' letterlijk")).toEqual([]);
    expect(messageArguments("Typ '{'{name}'}'")).toEqual(['name']);
    expect(messageArguments('<b>{name}</b>')).toEqual(['name']);
    expect(messageArguments('geen')).toEqual([]);
    expect(() => messageArguments('{name')).toThrow();
  });
});
