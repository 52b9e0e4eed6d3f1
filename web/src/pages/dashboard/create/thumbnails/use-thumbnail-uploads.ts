import { useCallback, useEffect, useMemo, useRef } from 'react';
import { IMAGE_MESSAGES, type FitMode } from '#shared/image-rules';
import { uploadImage, UploadError } from '../../../../api/upload-image';
import type { VideoFormat } from '#shared/video-format';
import { checkImageFile } from './check-image-file';
import { EMPTY_SLOT, type ThumbnailSlot } from './thumbnail-slot';

export interface ThumbnailUploads {
  /** The format the images are for: a Short's are 9:16. */
  format: VideoFormat;
  /** Checks the file in the browser, then uploads it unless YouTube would refuse it. */
  choose: (index: number, file: File) => void;
  /** Uploads the slot's refused file again, asking the server to fit it. */
  fit: (index: number, mode: FitMode) => void;
  /** Empties the slot (an upload on its way is abandoned). */
  remove: (index: number) => void;
  /** Abandons every upload (the dialog closed or was reset). */
  reset: () => void;
}

/**
 * The create dialog's uploads, one per variant slot: each slot's state goes to the form through
 * `setSlot`. The chosen files stay here (not in the form), so a refused one can be sent again with
 * `fit`. A newer choice, a removal or a reset makes an older answer for the slot count for nothing.
 */
export function useThumbnailUploads(
  setSlot: (index: number, slot: ThumbnailSlot) => void,
  /** The picked video's format: a Short's images are checked and fitted at 9:16. */
  format: VideoFormat = 'video',
): ThumbnailUploads {
  const files = useRef(new Map<number, File>());
  const controllers = useRef(new Map<number, AbortController>());
  const setSlotRef = useRef(setSlot);
  setSlotRef.current = setSlot;

  /** Stops what the slot was doing; the returned signal says whether a newer action superseded this one. */
  const restart = useCallback((index: number): AbortSignal => {
    controllers.current.get(index)?.abort();
    const controller = new AbortController();
    controllers.current.set(index, controller);
    return controller.signal;
  }, []);

  const send = useCallback(
    async (index: number, file: File, fit: FitMode | null) => {
      const signal = restart(index);
      const set = (slot: ThumbnailSlot) => !signal.aborted && setSlotRef.current(index, slot);
      set({ state: 'uploading', fileName: file.name, percent: 0, fit });
      try {
        const image = await uploadImage(file, {
          fit,
          format,
          signal,
          onProgress: (percent) => set({ state: 'uploading', fileName: file.name, percent, fit }),
        });
        const { id, url, width, height, byteSize, fitted, sentWidth, sentHeight } = image;
        set({
          state: 'ready',
          fileName: file.name,
          image: { id, url, width, height, byteSize, fitted, sentWidth, sentHeight },
        });
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof UploadError && error.status === 400) {
          // The server's refusal already lists YouTube's problems and, when fitting cures them, offers it.
          set({
            state: 'refused',
            fileName: file.name,
            problems: [error.message],
            canFit: fit === null && error.message.includes(IMAGE_MESSAGES.fitOffer),
          });
        } else {
          const message = error instanceof Error ? error.message : 'The image could not be uploaded.';
          set({ state: 'failed', fileName: file.name, message });
        }
      }
    },
    [restart, format],
  );

  const choose = useCallback(
    (index: number, file: File) => {
      const signal = restart(index);
      files.current.set(index, file);
      setSlotRef.current(index, { state: 'checking', fileName: file.name });
      void checkImageFile(file, format).then((check) => {
        if (signal.aborted) return;
        if (check.sendable) {
          void send(index, file, null);
          return;
        }
        const problems = check.canFit ? [...check.problems, IMAGE_MESSAGES.fitOffer] : check.problems;
        setSlotRef.current(index, { state: 'refused', fileName: file.name, problems, canFit: check.canFit });
      });
    },
    [restart, send, format],
  );

  const fit = useCallback(
    (index: number, mode: FitMode) => {
      const file = files.current.get(index);
      if (file) void send(index, file, mode);
    },
    [send],
  );

  const remove = useCallback(
    (index: number) => {
      restart(index);
      files.current.delete(index);
      setSlotRef.current(index, EMPTY_SLOT);
    },
    [restart],
  );

  const reset = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    files.current.clear();
  }, []);

  // An upload still on its way when the dialog goes away is abandoned with it.
  useEffect(() => reset, [reset]);

  return useMemo(() => ({ format, choose, fit, remove, reset }), [format, choose, fit, remove, reset]);
}
