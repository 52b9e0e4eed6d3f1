import { isoDuration } from './video-resources';
import type { SimVideo } from './video-store';

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

function clockDuration(seconds: number): string {
  const match = /PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?/.exec(isoDuration(seconds))!;
  const [hours, minutes, secs] = [match[1], match[2] ?? '0', (match[3] ?? '0').padStart(2, '0')];
  return hours ? `${hours}:${minutes.padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** A generated thumbnail: the video's big label over a gradient in its colour, like a creator's design. */
export function thumbnailSvg(
  video: Pick<SimVideo, 'title' | 'thumbnailHue' | 'thumbnailLabel' | 'durationSec'>,
  width: number,
  height: number,
): string {
  const hue = video.thumbnailHue;
  const words = video.thumbnailLabel.split(' ');
  const half = Math.ceil(words.length / 2);
  const lines =
    words.length > 2 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : [video.thumbnailLabel];
  const text = lines
    .map(
      (line, index) =>
        `<text x="80" y="${330 + index * 150 - (lines.length - 1) * 75}">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1280 720" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${escapeXml(video.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},85%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},75%,28%)"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<circle cx="1060" cy="360" r="230" fill="hsl(${(hue + 180) % 360},70%,60%)" opacity="0.35"/>
<g font-family="Arial Black, Impact, sans-serif" font-size="120" font-weight="900" fill="#fff" stroke="#000" stroke-width="6" paint-order="stroke">${text}</g>
<rect x="1090" y="630" width="160" height="60" rx="8" fill="#000" opacity="0.8"/>
<text x="1170" y="673" font-family="Arial, sans-serif" font-size="36" fill="#fff" text-anchor="middle">${clockDuration(video.durationSec)}</text>
</svg>`;
}
