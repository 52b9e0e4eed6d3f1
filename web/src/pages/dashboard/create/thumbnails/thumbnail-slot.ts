import type { FitMode } from '#shared/image-rules';

/** An image the server stored for a variant (POST /api/images answered 201). */
export interface SlotImage {
  id: string;
  url: string;
  width: number;
  height: number;
  byteSize: number;
  /** How the server fitted it to 1280 × 720 (null: kept at its own size). */
  fitted: FitMode | null;
  /** The picture's size as sent, before fitting. */
  sentWidth: number;
  sentHeight: number;
}

/**
 * Where one variant's new thumbnail stands in the create form: nothing chosen, being read in the
 * browser, on its way (with its progress), refused (YouTube would not take it: fit or remove it),
 * failed to reach the server (choose it again), or stored.
 */
export type ThumbnailSlot =
  | { state: 'empty' }
  | { state: 'checking'; fileName: string }
  | { state: 'uploading'; fileName: string; percent: number; fit: FitMode | null }
  | { state: 'refused'; fileName: string; problems: string[]; canFit: boolean }
  | { state: 'failed'; fileName: string; message: string }
  | { state: 'ready'; fileName: string; image: SlotImage };

export const EMPTY_SLOT: ThumbnailSlot = { state: 'empty' };

/** Whether the slot is still working (its answer will change it). */
export const slotBusy = (slot: ThumbnailSlot): boolean =>
  slot.state === 'checking' || slot.state === 'uploading';

/** The stored image's id, or null while the slot holds none. */
export const slotImageId = (slot: ThumbnailSlot): string | null =>
  slot.state === 'ready' ? slot.image.id : null;

/**
 * Why the slot stops the test from being created, in the creator's words, or null when it is
 * empty or ready. `name` is the variant's ("Thumbnail 3", "Package 2").
 */
export function slotProblem(slot: ThumbnailSlot, name: string): string | null {
  if (slotBusy(slot)) return `Wait for ${name}’s thumbnail to finish uploading.`;
  if (slot.state === 'refused')
    return slot.canFit
      ? `${name}’s thumbnail is not one YouTube takes: fit it (crop or letterbox) or remove it.`
      : `${name}’s thumbnail is not one YouTube takes: choose another image or remove it.`;
  if (slot.state === 'failed') return `${name}’s thumbnail did not upload: choose it again or remove it.`;
  return null;
}
