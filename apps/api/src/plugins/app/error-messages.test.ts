import { ServiceErrorMessages } from '@sage/contract';
import { DATABASE_UNAVAILABLE_MESSAGE, INVALID_VALUE_MESSAGE } from '@sage/service-kit/errors';
import { describe, expect, it } from 'vitest';

// The web app shows these in the reader's language by recognising the English the server sends (decision 0730):
// the error model (service-kit, which depends on no contract) must send the contract's text to the letter.
describe("the error model's fixed messages", () => {
  it('are the contract texts the web app knows', () => {
    expect(DATABASE_UNAVAILABLE_MESSAGE).toBe(ServiceErrorMessages.databaseUnavailable);
    expect(INVALID_VALUE_MESSAGE).toBe(ServiceErrorMessages.invalidValue);
  });
});
