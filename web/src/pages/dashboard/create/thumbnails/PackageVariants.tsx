import { variantName } from '../../../../components/variants/variant-name';
import { TitleInputs } from '../TitleInputs';
import { CurrentThumbnail } from './CurrentThumbnail';
import { EMPTY_SLOT, type ThumbnailSlot } from './thumbnail-slot';
import { UploadSlot } from './UploadSlot';
import type { ThumbnailUploads } from './use-thumbnail-uploads';

interface PackageVariantsProps {
  titles: string[];
  errors: (string | null)[];
  onChange: (index: number, value: string) => void;
  onBlur: (index: number) => void;
  currentUrl: string | null;
  slots: ThumbnailSlot[];
  uploads: ThumbnailUploads;
}

/**
 * A title + thumbnail test's variants: each title with its thumbnail under it. Package 1 is the
 * video's current title and thumbnail; every new title takes an image of its own.
 */
export function PackageVariants({ currentUrl, slots, uploads, ...titles }: PackageVariantsProps) {
  return (
    <TitleInputs
      {...titles}
      below={(index) =>
        index === 0 ? (
          <CurrentThumbnail url={currentUrl} name={variantName('thumbnails', 0)} />
        ) : (
          <UploadSlot
            index={index}
            name={variantName('thumbnails', index)}
            slot={slots[index] ?? EMPTY_SLOT}
            uploads={uploads}
          />
        )
      }
    />
  );
}
