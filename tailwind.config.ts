import type { Config } from 'tailwindcss';

/** The design tokens; /brand-guidelines renders these same values. */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#effaf5',
          100: '#d8f3e6',
          200: '#b4e6d0',
          500: '#2f9e72',
          600: '#217f5b',
          700: '#1b664a',
          800: '#18513c',
          900: '#143f30',
        },
        sun: { 100: '#fff3d6', 400: '#f7b731', 500: '#e79a0c' },
        ink: { DEFAULT: '#1d2433', muted: '#4a5468' },
        cream: '#fdfaf4',
      },
      fontFamily: {
        sans: ['"Nunito Sans"', 'ui-sans-serif', 'system-ui', 'sans-serif'],
        display: ['"Nunito"', 'ui-rounded', 'ui-sans-serif', 'system-ui', 'sans-serif'],
      },
    },
  },
  plugins: [],
} satisfies Config;
