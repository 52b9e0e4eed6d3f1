import { z } from 'zod';

/** POST /api/account/delete: the creator types their e-mail address to confirm. */
export const accountDeletionSchema = z.object({
  confirmEmail: z
    .string({ error: 'Type your e-mail address to confirm.' })
    .trim()
    .min(1, 'Type your e-mail address to confirm.')
    .max(320),
});

export const accountDeletionResponseSchema = z.object({ message: z.string() });
