import { describe, expect, it } from 'vitest';

describe('the web test project', () => {
  it('runs in jsdom with jest-dom matchers', () => {
    const element = document.createElement('button');
    element.textContent = 'Sign in';
    document.body.append(element);
    expect(element).toBeInTheDocument();
    expect(element).toHaveTextContent('Sign in');
    element.remove();
    expect(element).not.toBeInTheDocument();
  });
});
