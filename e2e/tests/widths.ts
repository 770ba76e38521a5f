/**
 * The widths a screen-by-screen journey draws a language at. `npm test` draws each language at one width,
 * English at 1280 px and Arabic at 360 px: every screen is still seen at both widths and in both directions, in
 * half the time (these journeys are the browser suite's longest). `E2E_EVERY_WIDTH=1`
 * (`npm run test:e2e:every-width`) draws both languages at both widths.
 */
export const widthsFor = (lang: 'en' | 'ar'): number[] =>
  process.env.E2E_EVERY_WIDTH === '1' ? [1280, 360] : lang === 'en' ? [1280] : [360];

/** "1280 px", "1280 and 360 px": the widths in a journey's title. */
export const widthsTitle = (lang: 'en' | 'ar'): string => `${widthsFor(lang).join(' and ')} px`;
