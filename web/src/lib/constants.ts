/**
 * Constants of the web app's own. The rules it shares with the server (how many titles, how
 * long, which metric rotates how often) live in src/shared, which it imports at runtime.
 */
export const COMPARISON_TOOLTIP_TITLE_LENGTH = 30;

/**
 * The landing's "Try the demo": the login page's demo sign-in, started on arrival, so the visitor
 * clicks once (issue 26, item 9).
 */
export const DEMO_START_PATH = '/login?demo=1';
