import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error';
import { nextStatus } from './state-machine';

describe('title test state machine', () => {
  it('allows the transitions of docs/product.md#test-states', () => {
    expect(nextStatus('active', 'pause')).toBe('paused');
    expect(nextStatus('paused', 'resume')).toBe('active');
    expect(nextStatus('active', 'complete')).toBe('completed');
    expect(nextStatus('paused', 'complete')).toBe('completed');
    expect(nextStatus('paused', 'cancel')).toBe('cancelled');
    expect(nextStatus('scheduled', 'cancel')).toBe('cancelled');
  });

  it('answers 409 with a message for anything else', () => {
    for (const [status, action] of [
      ['active', 'resume'],
      ['completed', 'pause'],
      ['cancelled', 'cancel'],
      ['completed', 'complete'],
      ['scheduled', 'complete'],
    ] as const) {
      let error: unknown;
      try {
        nextStatus(status, action);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(409);
      expect((error as AppError).message).toBe(`Cannot ${action} a test that is ${status}.`);
    }
  });
});
