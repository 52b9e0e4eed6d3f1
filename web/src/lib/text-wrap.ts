import type { CSSProperties } from 'react';

/**
 * How titles and other long text wrap: between words, breaking inside a word only when that one
 * word is longer than the line (issue 26, item 9: titles broke mid-word on a phone).
 */
export const WRAP_WORDS: CSSProperties = { overflowWrap: 'break-word', minWidth: 0 };
