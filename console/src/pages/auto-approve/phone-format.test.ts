import { describe, expect, it } from 'vitest';
import { displayPhone, sortByDescription } from './phone-format';

describe('auto-approve numbers', () => {
  it('writes stored numbers readably', () => {
    expect(displayPhone('004791234567')).toBe('+47 912 34 567');
    expect(displayPhone('0046701234567')).toBe('+46701234567');
  });

  it('sorts by description, empty ones last', () => {
    const rows = [
      { description: '', number: '1' },
      { description: 'Vaktmester', number: '2' },
      { description: 'Styreleder', number: '3' },
    ];
    expect(sortByDescription(rows).map((r) => r.number)).toEqual(['3', '2', '1']);
  });
});
