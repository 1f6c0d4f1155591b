import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { codedMessageText, codedText } from './coded-text';

describe('codedText', () => {
  it('shows the message and the code in words, never the raw suffix', () => {
    expect(codedMessageText('The exchange could not be reached{(5010)}', 5010)).toBe(
      'The exchange could not be reached (error 5010)',
    );
  });

  it('reads an empty coded message as the catalogue message of its code', () => {
    const text = codedMessageText('{(5010)}', 5010);
    expect(text).toMatch(/^The exchange could not be reached/);
    expect(text).not.toMatch(/\{\(|\(\d{4}\)/);
  });

  it('names settings as Adjustments does', () => {
    const error = new ApiError(
      'Invalid strategy: newConfig.decreaseLevels.0.gainRequirement: too small',
      6503,
    );
    expect(codedText(error)).toBe('Invalid strategy: “Level 1 gain %”: too small (error 6503)');
  });
});
