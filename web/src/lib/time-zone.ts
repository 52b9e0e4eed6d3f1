/** The browser's IANA time zone: every moment on screen is shown in it (src/shared/moments.ts). */
export const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
