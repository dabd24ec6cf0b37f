import { describe, expect, it } from 'vitest';
import { originAllowed } from './auth';

describe('socket origin allow-list', () => {
  const allow = ['https://oppslag.example.no', 'http://localhost:5173'];

  it('accepts listed origins, the page’s own host, and clients that send no Origin', () => {
    expect(originAllowed('https://oppslag.example.no', 'api.internal:8080', allow)).toBe(true);
    expect(originAllowed('http://localhost:5173', undefined, allow)).toBe(true);
    expect(originAllowed('http://192.168.1.20:8080', '192.168.1.20:8080', allow)).toBe(true);
    expect(originAllowed(undefined, 'anything', allow)).toBe(true);
  });

  it('refuses other origins, look-alikes and garbage', () => {
    expect(originAllowed('https://evil.example', 'oppslag.example.no', allow)).toBe(false);
    expect(originAllowed('https://oppslag.example.no.evil.example', undefined, allow)).toBe(false);
    expect(originAllowed('http://oppslag.example.no', undefined, allow)).toBe(false);
    expect(originAllowed('null', 'oppslag.example.no', allow)).toBe(false);
    expect(originAllowed('not a url', undefined, allow)).toBe(false);
  });
});
