/**
 * The sign-in page's colours from the branding, as the MUI theme makes them
 * (create-app-theme.ts: contrast threshold 4.5, dark mode lightens the primary
 * until readable on #121212; MUI's dark tone is 30 % darker), without loading MUI.
 */
type Rgb = [number, number, number];

function parse(color: string): Rgb | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color.trim());
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : undefined;
}

const css = ([red, green, blue]: Rgb) => `rgb(${Math.round(red)}, ${Math.round(green)}, ${Math.round(blue)})`;

function luminance(rgb: Rgb): number {
  const [red, green, blue] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const lighten = (rgb: Rgb, amount: number): Rgb => rgb.map((channel) => channel + (255 - channel) * amount) as Rgb;
const darken = (rgb: Rgb, amount: number): Rgb => rgb.map((channel) => channel * (1 - amount)) as Rgb;

const WHITE: Rgb = [255, 255, 255];
const DARK_BACKGROUND: Rgb = [18, 18, 18];
const READABLE = 4.5;

/** Custom properties for sign-in.css: the primary colour, its dark tone and the text on it. */
export function signInColors(primary: string, mode: 'light' | 'dark'): Record<string, string> {
  let main = parse(primary);
  if (!main) return { '--si-primary': primary, '--si-primary-dark': primary, '--si-primary-contrast': '#fff' };
  if (mode === 'dark') {
    let amount = 0;
    while (amount < 1 && contrastRatio(lighten(main, amount), DARK_BACKGROUND) < READABLE) amount += 0.05;
    main = amount < 1 ? lighten(main, amount) : WHITE;
  }
  return {
    '--si-primary': css(main),
    '--si-primary-dark': css(darken(main, 0.3)),
    '--si-primary-contrast': contrastRatio(main, WHITE) >= READABLE ? '#fff' : 'rgba(0, 0, 0, 0.87)',
  };
}
