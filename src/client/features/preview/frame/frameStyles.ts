/** The frame's own page styles: transparent, the drawing centred, scrolling when it is larger. */
export const FRAME_STYLES = `
html, body { margin: 0; height: 100%; background: transparent; }
body { overflow: auto; font-family: ui-sans-serif, system-ui, sans-serif; }
#stage { box-sizing: border-box; min-height: 100%; display: flex; padding: 24px; }
#stage > svg { display: block; flex: none; margin: auto; height: auto; }
`;
