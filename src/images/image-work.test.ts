import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '../shared/image-rules';
import { IMAGE_WORK_LIMITS, imageWorkLoad, withImageWork } from './image-work';

/** A piece of work that ends when the test says so. */
function heldWork() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return {
    run: async () => {
      started = true;
      await done;
      return 'read';
    },
    finish: () => finish(),
    get started() {
      return started;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('withImageWork', () => {
  it('reads one image at a time, lets a few wait, refuses the rest at once, and one upload per account', async () => {
    expect(IMAGE_WORK_LIMITS.maxConcurrent).toBe(1);
    const first = heldWork();
    const reading = withImageWork('alex', first.run);
    await settle();
    expect(first.started).toBe(true);
    expect(imageWorkLoad()).toEqual({ reading: 1, waiting: 0 });

    // The same account again, while its first image is being read: refused at once.
    await expect(withImageWork('alex', async () => 'second')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: IMAGE_MESSAGES.uploadInFlight,
    });

    // Other accounts wait, up to the queue's length; one more is refused at once (503).
    const waiting = Array.from({ length: IMAGE_WORK_LIMITS.maxQueued }, (_, index) => {
      const work = heldWork();
      return { work, result: withImageWork(`waiting-${index}`, work.run) };
    });
    await settle();
    expect(imageWorkLoad()).toEqual({ reading: 1, waiting: IMAGE_WORK_LIMITS.maxQueued });
    expect(waiting.some(({ work }) => work.started)).toBe(false);
    await expect(withImageWork('one-too-many', async () => 'late')).rejects.toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      message: IMAGE_MESSAGES.busy,
    });

    // Each waiting image is read in turn, never two at once.
    first.finish();
    expect(await reading).toBe('read');
    for (const { work, result } of waiting) {
      await settle();
      expect(work.started).toBe(true);
      expect(imageWorkLoad().reading).toBe(1);
      work.finish();
      expect(await result).toBe('read');
    }
    expect(imageWorkLoad()).toEqual({ reading: 0, waiting: 0 });

    // The account's next upload is taken once its first is done, and a failed read frees it too.
    await expect(
      withImageWork('alex', async () => {
        throw new Error('corrupt');
      }),
    ).rejects.toThrow('corrupt');
    expect(await withImageWork('alex', async () => 'again')).toBe('again');
  });
});
