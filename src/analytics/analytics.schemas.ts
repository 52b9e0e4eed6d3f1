import { z } from 'zod';

/**
 * Accuracy status (docs/product.md#entities): whether full-accuracy analytics are on, what is
 * measured, how to enable the rest.
 */
export const accuracyStatusSchema = z.object({
  enabled: z.boolean(),
  accuracy: z.string(),
  /** Multi-line; the dashboard banner shows the first line. */
  instructions: z.string(),
  enableUrl: z.string().nullable(),
});
export type AccuracyStatus = z.infer<typeof accuracyStatusSchema>;
