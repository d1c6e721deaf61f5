import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('links to the port the server answers on when no public address is set', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3400' }).PUBLIC_URL).toBe('http://localhost:3400');
    expect(loadConfig({ PORT: '3400', PUBLIC_URL: 'https://family.example' }).PUBLIC_URL).toBe('https://family.example');
  });

  it('names each bad setting', () => {
    expect(() => loadConfig({ PORT: 'many', PUBLIC_URL: 'not an address' })).toThrow(/PORT[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*PORT/);
  });
});
