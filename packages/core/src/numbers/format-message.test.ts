import { describe, expect, it } from 'vitest';
import { CodedError, parseCodedMessage } from '../errors/coded-error.js';
import { extractErrorMessage, UNEXTRACTABLE_ERROR_MESSAGE } from './format-message.js';

describe('extractErrorMessage', () => {
  it('takes the message of errors, strings and message-carrying objects', () => {
    expect(extractErrorMessage(new Error('Request Failed'))).toBe('Request Failed');
    expect(extractErrorMessage(new TypeError('bad type'))).toBe('bad type');
    expect(extractErrorMessage('plain text')).toBe('plain text');
    expect(extractErrorMessage({ message: 'from an object' })).toBe('from an object');
    expect(extractErrorMessage(new Error('expired{(4252)}'))).toBe('expired{(4252)}');
  });

  it('keeps the code of a CodedError so parseCodedMessage finds it', () => {
    const message = extractErrorMessage(new CodedError('INVALID_VALUE', 'abc'));
    expect(message).toBe('The value is not a valid number: abc{(1500)}');
    expect(parseCodedMessage(message)).toEqual({
      message: 'The value is not a valid number: abc',
      code: 1500,
    });
  });

  it('falls back to the spec message when nothing readable is there', () => {
    expect(UNEXTRACTABLE_ERROR_MESSAGE).toBe(
      'The error message could not be extracted, check the logs for more information.',
    );
    const throwing = {
      get message(): string {
        throw new Error('no');
      },
    };
    for (const value of [undefined, null, 42, true, {}, { message: 5 }, '', '   ', new Error(''), throwing]) {
      expect(extractErrorMessage(value)).toBe(UNEXTRACTABLE_ERROR_MESSAGE);
    }
  });
});
