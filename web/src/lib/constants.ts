/**
 * Constants of the web app's own. The rules it shares with the server (how many titles, how
 * long, which metric rotates how often) live in src/shared, which it imports at runtime.
 */
export const COMPARISON_TOOLTIP_TITLE_LENGTH = 30;
