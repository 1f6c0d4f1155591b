import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from './catalogue.js';
import { CodedError, formatCodedMessage, parseCodedMessage } from './coded-error.js';

const entries = Object.entries(ERRORS);

describe('error catalogue', () => {
  it('gives every error its own code', () => {
    const codes = entries.map(([, spec]) => spec.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps codes inside the module blocks 1000–8999', () => {
    for (const [name, spec] of entries) {
      expect(spec.code, name).toBeGreaterThanOrEqual(1000);
      expect(spec.code, name).toBeLessThan(9000);
      expect(Number.isInteger(spec.code), name).toBe(true);
    }
  });

  it('keeps the codes the spec fixes', () => {
    expect(ERRORS.ACCESS_TOKEN_INVALID.code).toBe(4252);
    expect(ERRORS.NO_SESSION_TO_REFRESH.code).toBe(4750);
    expect(ERRORS.SERVICE_NOT_READY.code).toBe(6002);
  });

  it('is documented entry by entry in docs/errors.md', () => {
    const doc = readFileSync(new URL('../../../../docs/errors.md', import.meta.url), 'utf8');
    for (const [name, spec] of entries) {
      expect(doc, name).toContain(`| ${spec.code} | ${name} | ${spec.message} | ${spec.recovery} |`);
    }
  });
});

describe('coded messages', () => {
  it('round-trips a code through the message suffix', () => {
    const error = new CodedError('SERVICE_NOT_READY');
    expect(error.codedMessage).toBe('The platform is starting up or busy, try again in 30 seconds{(6002)}');
    expect(parseCodedMessage(error.codedMessage)).toEqual({ message: error.message, code: 6002 });
  });

  it('takes the last suffix and gives −1 without one', () => {
    expect(parseCodedMessage('a{(1)} b{(4252)}')).toEqual({ message: 'a{(1)} b', code: 4252 });
    expect(parseCodedMessage('plain failure')).toEqual({ message: 'plain failure', code: -1 });
    expect(formatCodedMessage('x', -5)).toBe('x{(-5)}');
  });

  it('appends the detail to the catalogue message', () => {
    const error = new CodedError('INVALID_REQUEST', 'body/limit must be <= 30');
    expect(error.message).toBe('The request is invalid: body/limit must be <= 30');
    expect(error.code).toBe(6503);
    expect(error.recovery).toBe('reject');
  });
});
