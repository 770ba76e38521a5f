import { afterAll, describe, expect, it } from 'vitest';
import { createLogoRasterizer, LogoNotRenderable } from '../../src/modules/tenants/logo-png/rasterizer.ts';
import { pickFontFamily, resolveFontFamilies } from '../../src/modules/tenants/logo-png/svg-fonts.ts';

const svg = (body: string, size = 'width="200" height="56"') =>
  new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" ${size}>${body}</svg>`);
const text = (family: string) =>
  svg(`<text x="8" y="40" font-size="30" font-weight="700" font-family='${family}'>Standards</text>`);

describe('logo rasterizer (resvg-wasm on a worker thread)', () => {
  const rasterizer = createLogoRasterizer({ timeoutMs: 1500 });
  afterAll(() => rasterizer.close());

  it('draws text with its own fonts: sans and serif stacks come out different, and differ from no text', async () => {
    const [blank, sans, serif, humanist] = await Promise.all([
      rasterizer.render(svg('')),
      rasterizer.render(text('system-ui, -apple-system, "Segoe UI", Roboto, sans-serif')),
      rasterizer.render(text('Georgia, Cambria, "Times New Roman", "DejaVu Serif", serif')),
      rasterizer.render(text('"Trebuchet MS", "Lucida Grande", "DejaVu Sans", sans-serif')),
    ]);
    expect(sans.png.equals(blank.png)).toBe(false);
    expect(serif.png.equals(sans.png)).toBe(false);
    expect(humanist.png.equals(sans.png)).toBe(true); // both fall to DejaVu Sans
    expect([sans.width, sans.height]).toEqual([343, 96]);
  });

  it('picks the first family of a stack it has, in attributes and in CSS', () => {
    expect(pickFontFamily('Georgia, "DejaVu Serif", serif')).toBe('DejaVu Serif');
    expect(pickFontFamily('"Unknown Face", serif')).toBe('DejaVu Serif');
    expect(pickFontFamily('"Unknown Face"')).toBe('DejaVu Sans');
    expect(
      resolveFontFamilies(
        `<text font-family='Georgia, "X"' style="font-family: 'Times New Roman', serif; fill:red">`,
      ),
    ).toBe(`<text font-family='DejaVu Serif' style="font-family:DejaVu Serif; fill:red">`);
  });

  it('stops a drawing that takes too long, then draws the next logo on a new thread', async () => {
    const slow = svg(
      '<filter id="f" x="-1000" y="-1000" width="2000" height="2000"><feGaussianBlur stdDeviation="10000"/><feMorphology radius="100000"/></filter><rect width="200" height="56" fill="red" filter="url(#f)"/>',
    );
    const started = Date.now();
    await expect(rasterizer.render(slow)).rejects.toThrow(LogoNotRenderable);
    expect(Date.now() - started).toBeLessThan(4000);
    const next = await rasterizer.render(svg('<rect width="200" height="56" fill="#036"/>'));
    expect(next.height).toBe(96);
  });
});
