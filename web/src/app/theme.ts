import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  autoContrast: true,
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  // Visitors who ask for reduced motion get instant collapses, modals and toasts. (Browser tests
  // ask for it too: a card still animating open moved its buttons under the pointer mid-click.)
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    Notification: { styles: { description: { color: 'var(--mantine-color-gray-7)' } } },
  },
});

// Text on "light" variants (alerts, light badges and buttons) defaults to shade 6, which is
// below 4.5:1 contrast for several colours; use shade 9, or a deep amber/green where 9 is too pale.
const darkShadeColors = ['red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'gray'];
const lightVariantText: Record<string, string> = {
  ...Object.fromEntries(
    darkShadeColors.map(
      (color) => [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`] as const,
    ),
  ),
  '--mantine-color-yellow-light-color': '#6b4500',
  '--mantine-color-orange-light-color': '#8a3c00',
  '--mantine-color-green-light-color': '#1f6b30',
  '--mantine-color-teal-light-color': '#05563f',
};

/**
 * Darker "dimmed" text so secondary copy keeps a 4.5:1 contrast on white and gray-0, and a darker
 * error red (red-6 is 3.3:1 on white) for the messages and outlines of fields in error.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    ...lightVariantText,
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
