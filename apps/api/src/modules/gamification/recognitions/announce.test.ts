import { describe, expect, it } from 'vitest';
import { highFivePush } from './announce';

describe("a high five's push in its recipient's language (decisions 0293, 0553)", () => {
  it.each([
    ['en', 'High five!', 'Ann Lee sent you a high five'],
    ['es', '¡Choque esos cinco!', 'Ann Lee le felicita: ¡choque esos cinco!'],
  ] as const)('%s', (language, title, body) => {
    expect(highFivePush('Ann Lee', language)).toEqual({ title, body });
  });

  it('is English without a language (the record the Message row keeps)', () => {
    expect(highFivePush("Mary O'Neil")).toEqual({
      title: 'High five!',
      body: "Mary O'Neil sent you a high five",
    });
  });
});
