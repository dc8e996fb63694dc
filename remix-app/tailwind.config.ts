import type { Config } from 'tailwindcss';

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#f1f8f1',
          100: '#ddeedd',
          200: '#bcddbe',
          300: '#8fc493',
          400: '#5fa565',
          500: '#3d8845',
          600: '#2d6d35',
          700: '#25572c',
          800: '#204626',
          900: '#1b3a21',
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
