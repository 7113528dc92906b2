// Adds the spec's sixth breakpoint (§9) and the brand colour to MUI's types.
declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  // The brand colour as branded (the header); `primary` is a readable tone of it in dark mode.
  interface Palette {
    brand: Palette['primary'];
  }
  interface PaletteOptions {
    brand?: PaletteOptions['primary'];
  }
}

export {};
