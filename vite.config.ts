import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Mantine's core and the components the public pages use (nearly every page does); the group takes their dependencies along. */
const baseComponents = [
  'Accordion',
  'Anchor',
  'Avatar',
  'Badge',
  'Burger',
  'Button',
  'Card',
  'Collapse',
  'Container',
  'Group',
  'Loader',
  'List',
  'Paper',
  'SimpleGrid',
  'Stack',
  'Text',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
];
const mantineBase = new RegExp(
  String.raw`node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/](core[\\/](MantineProvider|Box|factory|styles-api)|components[\\/](${baseComponents.join('|')}))|hooks[\\/]esm[\\/]use-disclosure)[\\/]|web[\\/]src[\\/](app[\\/](AppProviders|theme)|components[\\/](icons|Logo|PlanCard|AppLink|FaqList)|lib[\\/](plans|navigation))\.`,
);

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the app supports has modulepreload; the polyfill was a third of the entry file.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The landing's script in a few files rather than twenty (issue 12, item 7): React; the
          // Mantine core and the components nearly every page shows; and floating-ui apart, which
          // the bundler otherwise merged into the chunk the landing's Mantine components load.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'mantine', test: mantineBase, priority: 2 },
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/trpc': 'http://localhost:3000',
    },
  },
});
