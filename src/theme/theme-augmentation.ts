// Adds the spec's sixth breakpoint (§9) to MUI's types.
declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

export {};
